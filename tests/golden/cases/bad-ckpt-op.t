args: --model 8B --gpus 4xH100 --ckpt opp
rc: 0
--- stdout
--- stderr
