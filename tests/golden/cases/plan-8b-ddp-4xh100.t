args: --model 8B --gpus 4xH100 --strategy ddp
rc: 0
--- stdout
--- stderr
