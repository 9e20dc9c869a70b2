args: image --model sdxl --gpus 2xRTX4090 --placement parallel
rc: 2
--- stdout
--- stderr
