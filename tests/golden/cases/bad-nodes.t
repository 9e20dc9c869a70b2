args: --model 8B --gpus 4xH100 --nodes 0
rc: 0
--- stdout
--- stderr
