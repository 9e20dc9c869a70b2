args: --model 8B --gpus 4xH100 --ckpt every:-1
rc: 2
--- stdout
--- stderr
vfplan: checkpointing 'every:-1': every:K needs a whole number K from 1 to 1024 (every:2 checkpoints one block in two)
