args: rent --image --model flux.1-dev --provider lambda
rc: 2
--- stdout
--- stderr
vfplan: --provider, --gpu, --region and --interruptible narrow training and serving rankings; with --image, `vfplan offers --filter` lists the offers they keep
