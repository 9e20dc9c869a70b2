args: --model qwen3-30b-a3b --gpus 8xH100 --ep 8 --a2a-overlap dualpipe
rc: 2
--- stdout
--- stderr
vfplan: --a2a-overlap dualpipe is a pipeline schedule: it needs --pp 2 or more
