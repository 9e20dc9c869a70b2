args: image --model flux.1-dev --gpus 1xRTX4090 --runtime wan-official
rc: 2
--- stdout
--- stderr
vfplan: --runtime wan-official runs Wan's generate.py; 'flux.1-dev' is not a Wan pipeline
