args: infer --model llama-3.1-8b --gpus 1xH100-SXM --engine sglang --max-loras 4
rc: 2
--- stdout
--- stderr
vfplan: --max-loras is not an option of sglang (vllm takes it)
