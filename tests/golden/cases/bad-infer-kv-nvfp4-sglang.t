args: infer --model llama-3.1-8b --gpus 1xB200 --engine sglang --kv-cache-dtype nvfp4
rc: 2
--- stdout
--- stderr
vfplan: sglang has no nvfp4 KV cache (vLLM's --kv-cache-dtype nvfp4): fp8
