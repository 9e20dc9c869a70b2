args: doctor --model lama-3.1-8b --gpus 8xH100 --from tests/data/doctor/cases/cli-hgx-h100-nv18
rc: 2
--- stdout
--- stderr
vfplan: unknown model 'lama-3.1-8b' (did you mean 'llama-3.1-8b'?); try 'vfplan models', a size such as 8B, or a config.json path
