args: infer --model llama-3.1-8b --gpus 1xRTX4090 --engine llamacpp --quant q4_k_m --spec-method draft --spec-model llama-3.2-1b
rc: 2
--- stdout
--- stderr
vfplan: --spec-method is not an option of llamacpp (vllm, sglang take it)
