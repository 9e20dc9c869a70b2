args: --model qwen3-30b-a3b --gpus 8xRTX4090 --ep 8 --moe-dispatcher deepep
rc: 2
--- stdout
--- stderr
vfplan: --moe-dispatcher deepep needs NVLink between the GPUs, not cpu-cross; use alltoall
