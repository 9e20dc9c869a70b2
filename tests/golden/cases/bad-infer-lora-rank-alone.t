args: infer --model llama-3.1-8b --gpus 1xH100-SXM --max-lora-rank 8
rc: 2
--- stdout
--- stderr
vfplan: --max-lora-rank goes with --max-loras
