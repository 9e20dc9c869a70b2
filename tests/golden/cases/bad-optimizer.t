args: --model 8B --gpus 4xH100 --optimizer adam8
rc: 0
--- stdout
--- stderr
