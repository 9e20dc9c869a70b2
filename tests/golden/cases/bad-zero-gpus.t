args: --model 8B --gpus 0xH100
rc: 0
--- stdout
--- stderr
