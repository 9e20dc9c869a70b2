args: image --model sdxl --gpus 1xA100-80 --compile default
rc: 2
--- stdout
--- stderr
vfplan: --compile is modelled for FLUX, SD3 and Wan transformers, not sdxl-base's sdxl-unet
