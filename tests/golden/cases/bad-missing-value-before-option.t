args: --model --gpus 4xH100
rc: 2
--- stdout
--- stderr
vfplan: option '--model' needs a value (M)
