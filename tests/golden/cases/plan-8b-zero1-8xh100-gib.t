args: --model 8B --gpus 8xH100 --strategy zero1 --units GiB
rc: 0
--- stdout
--- stderr
