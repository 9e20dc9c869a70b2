args: --model 8B --gpus 4xH100 --nodes 0
rc: 2
--- stdout
--- stderr
vfplan: --nodes must be a whole number between 1 and 16384, not '0'
