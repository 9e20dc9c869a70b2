args: --model 8B --gpus 4xH100 --strategy single
rc: 0
--- stdout
--- stderr
