args: scaling --model 8B --gpu H100 --max 0
rc: 2
--- stdout
--- stderr
vfplan: --max must be a whole number between 1 and 1024, not '0'
