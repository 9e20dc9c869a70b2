args: infer --model llama-3.1-70b --gpus 1xRTX4090 --engine llamacpp --quant q4_k_m --emit
rc: 0
--- stdout
# MODEL.gguf: a Q4_K_M GGUF file of meta-llama/Llama-3.1-70B
llama-server -m MODEL.gguf -ngl 39 -c 8192 -np 1 -fa off
--- stderr
