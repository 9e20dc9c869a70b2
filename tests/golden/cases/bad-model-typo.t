args: --model lama-3.1-8b --gpus 4xH100
rc: 0
--- stdout
--- stderr
