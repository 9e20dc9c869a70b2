args: --model 8B --gpus 4xH100 --framework torchtitn
rc: 0
--- stdout
--- stderr
