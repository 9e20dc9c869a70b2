args: infer --model llama-3.1-70b --gpus 3xH100
rc: 2
--- stdout
--- stderr
vfplan: vllm: the 64 attention heads are not divisible by tensor parallel size 3
