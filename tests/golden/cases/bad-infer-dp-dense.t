args: infer --model llama-3.1-8b --gpus 2xH100 --engine vllm --dp 2
rc: 2
--- stdout
--- stderr
vfplan: --dp is data-parallel attention beside expert parallelism: llama-3.1-8b is not a mixture of experts (for replicas, plan one and multiply)
