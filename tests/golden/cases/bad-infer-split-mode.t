args: infer --model llama-3.1-70b --gpus 2xRTX4090 --engine llamacpp --quant q4_k_m --split-mode tensor
rc: 2
--- stdout
--- stderr
vfplan: --split-mode is layer or row, not 'tensor'
