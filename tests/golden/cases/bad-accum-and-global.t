args: --model 8B --gpus 4xH100 --grad-accum 2 --global-batch 8
rc: 2
--- stdout
--- stderr
vfplan: give --grad-accum or --global-batch, not both
