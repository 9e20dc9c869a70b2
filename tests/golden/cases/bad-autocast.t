args: --model 8B --gpus 1xH100 --autocast maybe
rc: 0
--- stdout
--- stderr
