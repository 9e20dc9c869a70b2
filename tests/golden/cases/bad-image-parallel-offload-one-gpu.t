args: image --model hunyuanvideo --gpus 1xL20 --placement parallel-offload
rc: 2
--- stdout
--- stderr
vfplan: placement parallel-offload splits one image over 2 GPUs or more, and the machine has one: use offload
