args: plna --model 8B
rc: 2
--- stdout
--- stderr
vfplan: unknown command 'plna' (did you mean 'plan'?)
