args: image --model sana-1.6b --gpus 1xA100-40 --vae tiny
rc: 2
--- stdout
--- stderr
vfplan: pipeline 'sana-1.6b' has no Tiny AutoEncoder (--vae tiny: the SD 1.x/2.x, SDXL, SD3/3.5 and FLUX.1 VAEs have one)
