args: --model 8B --gpus 4xH100 --strategy single
rc: 2
--- stdout
--- stderr
vfplan: strategy 'single' runs on one GPU, not 4; use --gpus 1xH100-SXM or another strategy
