args: plan --model 8B --gpus 4xH100 --strategy zero3 --explain
rc: 0
--- stdout
--- stderr
