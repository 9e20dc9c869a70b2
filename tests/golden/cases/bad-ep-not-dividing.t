args: --model Qwen3-30B-A3B --gpus 8xH100 --ep 3
rc: 2
--- stdout
--- stderr
vfplan: --ep 3 does not divide qwen3-30b-a3b's 128 routed experts
