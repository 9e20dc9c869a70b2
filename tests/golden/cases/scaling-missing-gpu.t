args: scaling --model 8B
rc: 2
--- stdout
--- stderr
vfplan: missing --gpu (e.g. --gpu H100)
