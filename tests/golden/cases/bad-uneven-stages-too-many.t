args: --model llama-3.1-8b --gpus 8xH100 --pp 2 --first-stage-layers 40
rc: 2
--- stdout
--- stderr
vfplan: --first-stage-layers 40 and --last-stage-layers 0 take more than the model's 32 layers: none left for the 1 other stage
