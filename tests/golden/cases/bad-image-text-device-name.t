args: image --model flux.1-dev --gpus 1xRTX4090 --text-device tpu
rc: 2
--- stdout
--- stderr
vfplan: --text-device is gpuN (gpu1 ... gpu7), cpu or remote, not 'tpu'
