args: --model 8B --gpus 4xH100 --strategy zero3 --offload cpu
rc: 2
--- stdout
--- stderr
vfplan: unknown offload 'cpu'; expected none, optimizer or optimizer+params
