args: image --model wan2.1-t2v-1.3b --gpus 1xRTX4090 --frames 80
rc: 2
--- stdout
--- stderr
