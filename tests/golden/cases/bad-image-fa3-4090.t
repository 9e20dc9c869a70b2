args: image --model flux.1-dev --gpus 1xRTX4090 --attention fa3
rc: 2
--- stdout
--- stderr
vfplan: fa3 does not run on the RTX4090 (ada), or no kernel table vfplan holds measures it there: FlashAttention 3 is Hopper's
