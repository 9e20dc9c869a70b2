args: --model 8B --gpus 4xH100 --tp 3
rc: 2
--- stdout
--- stderr
vfplan: tp (3) x pp (1) must divide the 4 GPUs
