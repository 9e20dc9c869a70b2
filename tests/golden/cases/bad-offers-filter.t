args: offers --filter gpux=1
rc: 2
--- stdout
--- stderr
vfplan: --filter: unknown field 'gpux' (did you mean 'gpu'?)
