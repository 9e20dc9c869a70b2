args: --model 8B --gpus 1xGB10 --offload optimizer
rc: 2
--- stdout
--- stderr
vfplan: the GB10's memory is the CPU's too (unified LPDDR5X): offloading to host RAM frees nothing; plan without --offload, --act-offload or --act-offload-layers
