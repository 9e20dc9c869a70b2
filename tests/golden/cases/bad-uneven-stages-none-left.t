args: --model llama-3.1-8b --gpus 8xH100 --pp 4 --first-stage-layers 16 --last-stage-layers 16
rc: 2
--- stdout
--- stderr
vfplan: --first-stage-layers 16 and --last-stage-layers 16 take all of the model's 32 layers: none left for the 2 other stages
