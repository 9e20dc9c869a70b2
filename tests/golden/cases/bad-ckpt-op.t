args: --model 8B --gpus 4xH100 --ckpt opp
rc: 2
--- stdout
--- stderr
vfplan: unknown checkpointing 'opp' (did you mean 'op'?); expected none, selective, full, op or every:K
