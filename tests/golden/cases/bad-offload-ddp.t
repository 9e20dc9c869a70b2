args: --model 8B --gpus 4xH100 --strategy ddp --offload optimizer
rc: 2
--- stdout
--- stderr
vfplan: strategy 'ddp' cannot offload: use zero1, zero2, zero3 or hsdp (or one GPU)
