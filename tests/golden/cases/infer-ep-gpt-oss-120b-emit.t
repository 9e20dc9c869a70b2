args: infer --model gpt-oss-120b --gpus 2xH100 --ep 2 --emit
rc: 0
--- stdout
vllm serve openai/gpt-oss-120b --tensor-parallel-size 2 --enable-expert-parallel --max-model-len 8192 --gpu-memory-utilization 0.92 --max-num-seqs 1024
--- stderr
vfplan: note: mxfp4 weights, the checkpoint's own (its quantization_config; --quant to choose)
