args: --model 8B
rc: 2
--- stdout
--- stderr
vfplan: missing --gpus (e.g. --gpus 4xH100) or --offer ID
