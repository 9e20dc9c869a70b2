args: infer --model 8B --gpus 1xRTX4090 --entrypoint batch
rc: 2
--- stdout
--- stderr
vfplan: --entrypoint is server or offline, not 'batch'
