args: image --model flux.1-dev --gpus 1xRTX4090 --quant q3
rc: 2
--- stdout
--- stderr
