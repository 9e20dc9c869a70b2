args: image --model sdxl --gpus 1xRTX4090 --placement lowram
rc: 2
--- stdout
--- stderr
