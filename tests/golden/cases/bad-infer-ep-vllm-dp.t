args: infer --model Qwen3-30B-A3B --gpus 4xH100 --ep 2
rc: 2
--- stdout
--- stderr
vfplan: vLLM's expert parallelism spans its TP x DP ranks: --ep 2 with --tp 4 (use --ep 4, or --dp D for data-parallel attention over D x tp GPUs)
