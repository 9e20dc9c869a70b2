args: --model 8B --gpus 4xH100 --precision fp8
rc: 0
--- stdout
--- stderr
