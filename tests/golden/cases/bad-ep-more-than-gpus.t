args: --model Qwen3-30B-A3B --gpus 8xH100 --ep 16
rc: 2
--- stdout
--- stderr
vfplan: --ep 16 is more than the 8 GPUs
