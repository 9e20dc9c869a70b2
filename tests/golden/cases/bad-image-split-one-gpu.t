args: image --model flux.1-dev --gpus 1xRTX4090 --placement split
rc: 2
--- stdout
--- stderr
vfplan: placement split needs 2 GPUs or more, and the machine has one
