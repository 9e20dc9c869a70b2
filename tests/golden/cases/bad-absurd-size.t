args: --model 900T --gpus 4xH100
rc: 2
--- stdout
--- stderr
vfplan: generic sizes span 100M to 100T parameters; use a model file for others
