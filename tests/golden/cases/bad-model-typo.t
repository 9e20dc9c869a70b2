args: --model lama-3.1-8b --gpus 4xH100
rc: 2
--- stdout
--- stderr
vfplan: unknown model 'lama-3.1-8b' (did you mean 'llama-3.1-8b'?); try 'vfplan models', a size such as 8B, or a config.json path
