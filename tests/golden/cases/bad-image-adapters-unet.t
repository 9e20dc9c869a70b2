args: image --model sdxl --gpus 1xH100-SXM --lora-adapters 1
rc: 2
--- stdout
--- stderr
vfplan: unfused LoRA adapters are modelled for FLUX, SD3 and Wan transformers, not sdxl-base's sdxl-unet
