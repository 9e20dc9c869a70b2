args: --model 8B --gpus 4xH100 --seq 2048.5
rc: 2
--- stdout
--- stderr
vfplan: --seq must be a whole number between 1 and 16777216, not '2048.5'
