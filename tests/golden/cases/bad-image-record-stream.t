args: image --model flux.1-dev --gpus 1xRTX4090 --record-stream
rc: 2
--- stdout
--- stderr
vfplan: --record-stream needs --offload-stream yes (diffusers: "record_stream cannot be True when use_stream=False")
