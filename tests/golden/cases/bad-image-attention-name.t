args: image --model flux.1-dev --gpus 1xH100-SXM --attention sag2
rc: 2
--- stdout
--- stderr
vfplan: unknown attention kernel 'sag2' (did you mean 'sage2'?); expected sdpa, fa3, sage or sage2 (and --xformers, --math-attention)
