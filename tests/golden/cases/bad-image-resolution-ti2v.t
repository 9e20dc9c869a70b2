args: image --model wan2.2-ti2v-5b --gpus 1xH100-SXM --resolution 1280x720
rc: 2
--- stdout
--- stderr
vfplan: resolution 1280x720 is not a multiple of wan2.2-ti2v-5b's latent grid, 32 pixels (the VAE's 16 x the patch 2)
