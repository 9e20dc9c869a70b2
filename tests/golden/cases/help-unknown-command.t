args: help plna
rc: 2
--- stdout
--- stderr
vfplan: unknown command 'plna' (did you mean 'plan'?)
