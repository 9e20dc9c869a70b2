args: infer --model llama-3.1-8b --gpus 1xRTX4090 --ollama-gpu-overhead 4096
rc: 2
--- stdout
--- stderr
vfplan: --ollama-gpu-overhead is not an option of vllm (ollama takes it)
