args: launch --emit fsdp --model 8B --gpus 4xH100 --strategy zero1
rc: 2
--- stdout
--- stderr
vfplan: FSDP has no ZeRO-1 (optimizer states only): use --emit deepspeed, or --strategy zero2
