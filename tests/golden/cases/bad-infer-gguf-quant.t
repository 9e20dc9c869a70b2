args: infer --model llama-3.1-8b --gpus 1xRTX4090 --engine llamacpp --quant gguf
rc: 2
--- stdout
--- stderr
vfplan: --quant gguf plans a GGUF file's own tensor types: give --model the .gguf file (llama-3.1-8b was not read from one)
