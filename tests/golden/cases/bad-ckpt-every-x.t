args: --model 8B --gpus 4xH100 --ckpt every:x
rc: 2
--- stdout
--- stderr
vfplan: checkpointing 'every:x': every:K needs a whole number K from 1 to 1024 (every:2 checkpoints one block in two)
