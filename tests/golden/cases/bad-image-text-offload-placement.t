args: image --model flux.1-dev --gpus 1xRTX4090 --placement offload --text-offload block
rc: 2
--- stdout
--- stderr
vfplan: --text-offload and --vae-offload go with --placement group-offload, not offload
