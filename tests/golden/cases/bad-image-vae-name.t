args: image --model sdxl --gpus 1xA100-40 --vae taesd
rc: 2
--- stdout
--- stderr
vfplan: --vae is default or tiny, not 'taesd'
