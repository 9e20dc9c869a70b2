args: image --model flux.1-dev --gpus 1xRTX4090 --torch 2.x
rc: 2
--- stdout
--- stderr
vfplan: --torch is a PyTorch release such as 2.7, not '2.x'
