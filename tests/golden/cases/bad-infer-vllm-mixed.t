args: infer --model 8B --gpus 1xRTX4090,1xRTX3090
rc: 2
--- stdout
--- stderr
vfplan: vllm shards tensors equally: its GPUs must be one kind (unequal ones: llamacpp or ollama)
