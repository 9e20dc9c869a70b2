args: --model 8B --gpus 99999999999999999999xH100
rc: 2
--- stdout
--- stderr
vfplan: GPUs per node must be between 1 and 1024, not 1e+20
