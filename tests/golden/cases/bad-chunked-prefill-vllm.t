args: infer --model llama-3.1-8b --gpus 1xRTX4090 --chunked-prefill-size 2048
rc: 2
--- stdout
--- stderr
vfplan: --chunked-prefill-size is not an option of vllm (sglang takes it)
