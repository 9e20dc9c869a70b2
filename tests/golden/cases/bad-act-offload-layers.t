args: --model llama-3.1-8b --gpus 8xH100 --act-offload-layers 32
rc: 2
--- stdout
--- stderr
vfplan: --act-offload-layers 32 must be less than the 32 layers per stage (Megatron keeps one on the GPU)
