args: --model 8B --gpus 4xH100 --strategy zero2 --offload optimizer+params
rc: 2
--- stdout
--- stderr
vfplan: offloading parameters needs zero3, fsdp or hsdp; 'zero2' can offload the optimizer only
