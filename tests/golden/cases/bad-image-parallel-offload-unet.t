args: image --model sdxl --gpus 2xRTX4090 --placement parallel-offload
rc: 2
--- stdout
--- stderr
vfplan: placement parallel-offload splits a transformer's tokens (xDiT); sdxl-base's UNet is not one
