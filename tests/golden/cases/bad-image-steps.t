args: image --model flux.1-dev --gpus 1xRTX4090 --steps 0
rc: 2
--- stdout
--- stderr
vfplan: --steps must be a whole number between 1 and 10000, not '0'
