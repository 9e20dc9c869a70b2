args: infer --model llama-3.1-8b --gpus 1xRTX4090 --engine ollama --ollama-gpu-overhead 4096 --emit
rc: 0
--- stdout
# MODEL.gguf: a BF16 GGUF file of meta-llama/Llama-3.1-8B
cat > Modelfile <<'EOF'
FROM ./MODEL.gguf
PARAMETER num_ctx 4096
PARAMETER num_gpu 33
EOF
# the server reads its environment when it starts: stop a running one first (systemd: Environment=)
OLLAMA_GPU_OVERHEAD=4294967296 ollama serve &
ollama create llama-3.1-8b -f Modelfile
ollama run llama-3.1-8b
--- stderr
