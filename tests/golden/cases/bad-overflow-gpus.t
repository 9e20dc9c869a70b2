args: --model 8B --gpus 99999999999999999999xH100
rc: 0
--- stdout
--- stderr
