args: infer --model llama-3.1-8b --gpus 1xRTX4090 --engine ollama --quant q4_k_m --flash-attn --kv-fp8 --concurrency 4 --emit
rc: 0
--- stdout
# MODEL.gguf: a Q4_K_M GGUF file of meta-llama/Llama-3.1-8B
cat > Modelfile <<'EOF'
FROM ./MODEL.gguf
PARAMETER num_ctx 32768
PARAMETER num_gpu 33
EOF
# the server reads its environment when it starts: stop a running one first (systemd: Environment=)
OLLAMA_NUM_PARALLEL=4 OLLAMA_FLASH_ATTENTION=1 OLLAMA_KV_CACHE_TYPE=q8_0 ollama serve &
ollama create llama-3.1-8b -f Modelfile
ollama run llama-3.1-8b
--- stderr
