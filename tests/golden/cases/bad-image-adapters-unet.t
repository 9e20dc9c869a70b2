args: image --model qwen-image --gpus 1xH100-SXM --lora-adapters 1
rc: 2
--- stdout
--- stderr
vfplan: unfused LoRA adapters are modelled for FLUX, SD3, Wan and HunyuanVideo transformers and UNets, not qwen-image's qwen-image-transformer
