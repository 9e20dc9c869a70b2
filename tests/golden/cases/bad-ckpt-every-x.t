args: --model 8B --gpus 4xH100 --ckpt every:x
rc: 0
--- stdout
--- stderr
