args: --model 8B --gpus 4xH100 --strategy zero4
rc: 0
--- stdout
--- stderr
