args: --model 8B --gpus -2xH100
rc: 0
--- stdout
--- stderr
