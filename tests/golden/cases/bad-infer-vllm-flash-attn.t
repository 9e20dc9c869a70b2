args: infer --model 8B --gpus 1xH100 --flash-attn
rc: 2
--- stdout
--- stderr
vfplan: --flash-attn is not an option of vllm (llamacpp, ollama take it)
