args: image --model wan2.1-t2v-1.3b --gpus 1xRTX4090 --frames 80
rc: 2
--- stdout
--- stderr
vfplan: 80 frames: Wan's VAE takes 4k + 1 (81, 49 ...)
