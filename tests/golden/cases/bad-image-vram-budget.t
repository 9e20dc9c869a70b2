args: image --model flux.1-dev --gpus 1xRTX4090 --placement partial --vram-budget 2
rc: 2
--- stdout
--- stderr
vfplan: --placement partial needs 3.8 GB on a GPU (context, the largest activations, two layers in flight); the budget is 2.0 GB
