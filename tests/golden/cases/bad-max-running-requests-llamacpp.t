args: infer --model llama-3.1-8b --gpus 1xRTX4090 --engine llamacpp --max-running-requests 4
rc: 2
--- stdout
--- stderr
vfplan: --max-running-requests is not an option of llamacpp (sglang takes it)
