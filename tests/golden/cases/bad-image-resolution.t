args: image --model flux.1-dev --gpus 1xRTX4090 --resolution 1000x1000
rc: 2
--- stdout
--- stderr
