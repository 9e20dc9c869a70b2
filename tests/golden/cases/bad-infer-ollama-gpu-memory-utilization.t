args: infer --model 8B --gpus 1xH100 --engine ollama --gpu-memory-utilization 0.8
rc: 2
--- stdout
--- stderr
vfplan: --gpu-memory-utilization is not an option of ollama (vllm, tgi, sglang take it)
