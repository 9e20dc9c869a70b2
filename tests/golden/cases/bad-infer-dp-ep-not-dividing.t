args: infer --model mixtral-8x7b --gpus 16xH100 --engine vllm --dp 16
rc: 2
--- stdout
--- stderr
vfplan: --ep 16 does not divide mixtral-8x7b's 8 routed experts
