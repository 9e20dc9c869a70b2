args: infer --model meta-llama/Llama-3.1-70B-Instruct --gpus 2xA100-40 --quant awq4 --emit
rc: 0
--- stdout
# MODEL: a checkpoint of meta-llama/Llama-3.1-70B-Instruct in AWQ 4-bit (the engine reads its quantization_config)
vllm serve MODEL --tensor-parallel-size 2 --max-model-len 8192 --gpu-memory-utilization 0.92 --max-num-seqs 256
--- stderr
