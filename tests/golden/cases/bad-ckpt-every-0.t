args: --model 8B --gpus 4xH100 --ckpt every:0
rc: 0
--- stdout
--- stderr
