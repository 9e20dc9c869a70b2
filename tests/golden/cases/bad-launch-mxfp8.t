args: launch --emit torchtitan --model llama-3.1-8b --gpus 8xB200 --precision mxfp8
rc: 2
--- stdout
--- stderr
vfplan: no launch target here writes --precision mxfp8 yet: set the recipe by hand (Transformer Engine MXFP8BlockScaling; torchtitan --model.converters mx)
