args: image --model flux.1-dev --gpus 1xRTX4090 --vae-offload tiled
rc: 2
--- stdout
--- stderr
vfplan: --vae-offload is same, gpu, block or leaf, not 'tiled'
