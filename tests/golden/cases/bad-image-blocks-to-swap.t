args: image --model flux.1-dev --gpus 1xRTX4090 --blocks-to-swap 60
rc: 2
--- stdout
--- stderr
vfplan: --blocks-to-swap is 1 to 57 (the blocks of flux.1-dev-transformer), not 60
