args: --model 8B --gpus 1xH100 --autocast maybe
rc: 2
--- stdout
--- stderr
vfplan: --autocast takes yes or no, not 'maybe'
