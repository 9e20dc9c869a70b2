args: infer --model 8B --gpus 1xRTX4090 --engine llamacpp --enforce-eager
rc: 2
--- stdout
--- stderr
vfplan: --enforce-eager is not an option of llamacpp (vllm takes it)
