args: --model 8B --gpus 8xH100 --nodes 8 --tp 64
rc: 2
--- stdout
--- stderr
vfplan: tp (64) must divide the model's 32 attention heads
