args: --model 8B --gpus 4xH100 --attn xformers
rc: 2
--- stdout
--- stderr
vfplan: unknown attention 'xformers'; expected flash, sdpa or eager
