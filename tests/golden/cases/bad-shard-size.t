args: --model 8B --gpus 8xH100 --strategy zero1 --shard-size 3
rc: 2
--- stdout
--- stderr
vfplan: --shard-size 3 needs zero1, zero2, zero3 or hsdp and must divide the 8 data-parallel GPUs
