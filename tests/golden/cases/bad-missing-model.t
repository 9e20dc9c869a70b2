args: --gpus 4xH100
rc: 2
--- stdout
--- stderr
vfplan: missing --model (a name such as llama-3.1-8b, a size such as 8B, or a config.json)
