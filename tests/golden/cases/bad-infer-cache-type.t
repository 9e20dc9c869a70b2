args: infer --model 8B --gpus 1xRTX4090 --engine llamacpp --cache-type q5
rc: 2
--- stdout
--- stderr
vfplan: --cache-type is f16, bf16, q8_0 or q4_0, not 'q5'
