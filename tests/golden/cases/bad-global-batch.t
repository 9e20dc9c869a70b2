args: --model 8B --gpus 4xH100 --global-batch 7
rc: 2
--- stdout
--- stderr
vfplan: global batch 7 is not a multiple of micro-batch x data-parallel GPUs (4)
