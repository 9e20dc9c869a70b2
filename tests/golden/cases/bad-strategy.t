args: --model 8B --gpus 4xH100 --strategy zero4
rc: 2
--- stdout
--- stderr
vfplan: unknown strategy 'zero4' (did you mean 'zero1'?); expected auto, single, ddp, zero1, zero2, zero3 or hsdp
