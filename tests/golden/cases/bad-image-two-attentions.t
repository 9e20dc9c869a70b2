args: image --model sd1.5 --gpus 1xA100 --xformers --math-attention
rc: 2
--- stdout
--- stderr
vfplan: math attention and xformers are two attention implementations: pick one
