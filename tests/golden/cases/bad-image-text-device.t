args: image --model flux.1-dev --gpus 2xRTX4090 --text-device gpu3
rc: 2
--- stdout
--- stderr
vfplan: --text-device gpu3: the machine has 2 GPUs (gpu0 to gpu1)
