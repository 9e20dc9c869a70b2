args: infer --model deepseek-ai/DeepSeek-R1 --gpus 8xH200 --engine vllm --dp 8 --ep 8 --concurrency 256 --emit
rc: 0
--- stdout
vllm serve deepseek-ai/DeepSeek-R1 --tensor-parallel-size 1 --data-parallel-size 8 --enable-expert-parallel --max-model-len 8192 --gpu-memory-utilization 0.92 --max-num-seqs 1024
--- stderr
vfplan: note: fp8 weights, the checkpoint's own (its quantization_config; --quant to choose)
