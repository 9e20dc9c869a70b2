args: --model 8B --gpus H100
rc: 0
--- stdout
--- stderr
