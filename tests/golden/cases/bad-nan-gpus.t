args: --model 8B --gpus NaNxH100
rc: 0
--- stdout
--- stderr
