args: --model 8B --gpus
rc: 2
--- stdout
--- stderr
vfplan: option '--gpus' needs a value (NxGPU)
