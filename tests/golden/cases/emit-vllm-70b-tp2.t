args: infer --model llama-3.1-70b --gpus 2xH100 --kv-fp8 --context 32768 --concurrency 16 --emit
rc: 0
--- stdout
vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 2 --max-model-len 32768 --gpu-memory-utilization 0.92 --max-num-seqs 1024 --kv-cache-dtype fp8
--- stderr
vfplan: note: this plan does not fit (vfplan infer without --emit says why); the command starts it as planned
