args: --model 8B --gpus 1xA100-80 --precision fp8-mixed
rc: 0
--- stdout
--- stderr
