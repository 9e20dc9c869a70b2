args: --model 8B --gpus 8xH100 --strategy zero1 --shard-size 3
rc: 0
--- stdout
--- stderr
