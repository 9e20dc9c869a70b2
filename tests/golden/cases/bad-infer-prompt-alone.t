args: infer --model llama-3.1-8b --gpus 1xH100 --prompt-tokens 512
rc: 2
--- stdout
--- stderr
vfplan: --prompt-tokens and --output-tokens go together
