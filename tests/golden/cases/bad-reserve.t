args: --model 8B --gpus 4xH100 --reserve nan
rc: 0
--- stdout
--- stderr
