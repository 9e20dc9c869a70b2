args: image --model ltx-video --gpus 1xH100-SXM --frames 160
rc: 2
--- stdout
--- stderr
vfplan: 160 frames: LTX-Video's VAE takes 8k + 1 (161, 121 ...)
