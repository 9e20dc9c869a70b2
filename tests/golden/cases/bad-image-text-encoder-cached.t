args: image --model flux.1-dev --gpus 1xA6000 --lora 16 --train-text-encoder clip
rc: 2
--- stdout
--- stderr
vfplan: a trained text encoder cannot have its outputs cached: --train-text-encoder needs --cache-text no
