args: infer --model llama-3.1-70b --gpus 1xRTX4090,1xRTX3090 --engine llamacpp --quant q4_k_m --ngl 60 --tensor-split 1,1 --cache-type q8_0 --flash-attn --concurrency 2 --emit
rc: 0
--- stdout
# MODEL.gguf: a Q4_K_M GGUF file of meta-llama/Llama-3.1-70B
llama-server -m MODEL.gguf -ngl 60 -ts 1,1 -c 16384 -np 2 -ctk q8_0 -ctv q8_0 -fa on
--- stderr
