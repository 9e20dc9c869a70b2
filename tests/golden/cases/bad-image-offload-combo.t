args: image --model flux.1-dev --gpus 1xRTX4090 --placement offload --offload-type leaf
rc: 2
--- stdout
--- stderr
vfplan: --offload-type, --blocks-per-group and --offload-stream go with --placement group-offload, not offload
