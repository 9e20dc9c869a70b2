args: image --model flux.1-dev --gpus 1xRTX4090 --resolution 1000x1000
rc: 2
--- stdout
--- stderr
vfplan: resolution 1000x1000 is not a multiple of flux.1-dev's latent grid, 16 pixels (the VAE's 8 x the patch 2)
