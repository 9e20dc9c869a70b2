args: --model 8B --gpus 4xH100 --ckpt ful
rc: 2
--- stdout
--- stderr
vfplan: unknown checkpointing 'ful' (did you mean 'full'?); expected none, selective, full, op or every:K
