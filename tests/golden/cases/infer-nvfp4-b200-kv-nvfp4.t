args: infer --model llama-3.1-8b --gpus 1xB200 --quant nvfp4 --kv-cache-dtype nvfp4 --emit
rc: 0
--- stdout
# MODEL: a checkpoint of meta-llama/Llama-3.1-8B in NVFP4 (ModelOpt) (the engine reads its quantization_config)
vllm serve MODEL --tensor-parallel-size 1 --max-model-len 8192 --gpu-memory-utilization 0.92 --max-num-seqs 1024 --kv-cache-dtype nvfp4
--- stderr
