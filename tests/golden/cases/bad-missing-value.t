args: --model 8B --gpus
rc: 0
--- stdout
--- stderr
