args: infer --model llama-3.1-8b --gpus 1xRTX3060 --engine llamacpp --quant q4_k_m --engine-version b4000 --flash-attn --emit
rc: 0
--- stdout
# MODEL.gguf: a Q4_K_M GGUF file of meta-llama/Llama-3.1-8B
llama-server -m MODEL.gguf -ngl 33 -c 8192 -np 1 -fa
--- stderr
