args: image --model hunyuanvideo --gpus 1xH100-SXM --frames 60
rc: 2
--- stdout
--- stderr
vfplan: 60 frames: HunyuanVideo's VAE takes 4k + 1 (129, 61 ...)
