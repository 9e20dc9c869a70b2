args: --model 8B --gpus 4xH10O --strategy zero3
rc: 0
--- stdout
--- stderr
