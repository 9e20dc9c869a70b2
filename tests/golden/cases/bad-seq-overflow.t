args: --model 8B --gpus 4xH100 --seq 99999999999999999999
rc: 2
--- stdout
--- stderr
vfplan: --seq must be a whole number between 1 and 16777216, not '99999999999999999999'
