args: infer --model 8B --gpus 1xH100 --engine vlm
rc: 2
--- stdout
--- stderr
vfplan: unknown engine 'vlm' (did you mean 'vllm'?); expected vllm, llamacpp, ollama or tgi
