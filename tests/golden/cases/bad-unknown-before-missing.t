args: --model 8B --gpus 4xH1000
rc: 0
--- stdout
--- stderr
