args: infer --model 8B --gpus 1xRTX4090 --engine llamacpp --quant awq4
rc: 2
--- stdout
--- stderr
vfplan: llamacpp reads GGUF files (q8_0, q6_k, q5_k_m, q4_k_m, q4_0, f16, bf16), not awq4
