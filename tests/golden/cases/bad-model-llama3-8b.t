args: --model llama3-8b --gpus 1xH100
rc: 2
--- stdout
--- stderr
vfplan: unknown model 'llama3-8b' (did you mean 'llama-3.1-8b'?); try 'vfplan models', a size such as 8B, or a config.json path
