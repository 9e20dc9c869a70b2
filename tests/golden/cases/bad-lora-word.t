args: --model 8B --gpus 4xH100 --lora big
rc: 2
--- stdout
--- stderr
vfplan: --lora must be a whole number between 1 and 65536, not 'big'
