args: image --model qwen-image --gpus 1xH100 --resolution 1000x1000
rc: 2
--- stdout
--- stderr
vfplan: resolution 1000x1000 is not a multiple of qwen-image's latent grid, 16 pixels (the VAE's 8 x the patch 2)
