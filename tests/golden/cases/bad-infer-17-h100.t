args: infer --model llama-3.1-8b --gpus 17xH100
rc: 2
--- stdout
--- stderr
vfplan: between 1 and 16 GPUs, please
