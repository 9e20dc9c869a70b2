args: rent --serve --model llama-3.1-8b --provider lambda
rc: 2
--- stdout
--- stderr
vfplan: --provider, --gpu, --region and --interruptible narrow training rankings; with --serve, `vfplan offers --filter` lists the offers they keep
