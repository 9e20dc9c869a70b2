args: --model 900T --gpus 4xH100
rc: 0
--- stdout
--- stderr
