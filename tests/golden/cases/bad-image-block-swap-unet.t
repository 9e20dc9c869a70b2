args: image --model sdxl --gpus 1xRTX4090 --blocks-to-swap 3
rc: 2
--- stdout
--- stderr
vfplan: block swap moves a transformer's blocks; sdxl-base's sdxl-unet is not counted block by block
