args: image --model flux.1-dev --gpus 1xH100-SXM --lora-adapters 0
rc: 2
--- stdout
--- stderr
vfplan: --lora-adapters must be a whole number between 1 and 64, not '0'
