args: --model llama-3.1-8b --gpus 8xH100 --seq 65544 --cp 8
rc: 2
--- stdout
--- stderr
vfplan: --cp 8 needs seq (65544) divisible by 2 x cp = 16 (the causal mask's load balancing; Megatron asserts it)
