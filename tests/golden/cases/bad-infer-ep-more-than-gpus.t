args: infer --model Qwen3-30B-A3B --gpus 4xH100 --ep 8
rc: 2
--- stdout
--- stderr
vfplan: --ep 8 is more than the 4 GPUs
