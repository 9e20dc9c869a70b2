args: --model llama-3.1-8b --gpus 8xH100 --pp 4 --virtual-stages 2 --first-stage-layers 5 --last-stage-layers 3
rc: 2
--- stdout
--- stderr
vfplan: each stage's layers (first 5, middle 12, last 3) must divide by the 2 virtual stages
