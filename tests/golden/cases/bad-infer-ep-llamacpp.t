args: infer --model Qwen3-30B-A3B --gpus 2xH100 --engine llamacpp --ep 2
rc: 2
--- stdout
--- stderr
vfplan: --ep is not an option of llamacpp (vllm, sglang take it)
