args: --model 8B --gpus 8xH100 --nodes 8 --pp 64
rc: 2
--- stdout
--- stderr
vfplan: pp (64) cannot exceed the model's 32 layers
