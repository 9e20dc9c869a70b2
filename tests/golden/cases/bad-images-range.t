args: --model gemma-3-4b --gpus 1xH100 --images 99
rc: 2
--- stdout
--- stderr
vfplan: --images must be a whole number between 0 and 64, not '99'
