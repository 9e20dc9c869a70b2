args: image --model wan2.2-t2v-a14b --gpus 1xRTX4090 --runtime wan-official --placement block-swap --blocks-to-swap 20
rc: 2
--- stdout
--- stderr
vfplan: placement block-swap is not Wan's generate.py's (single, offload as --offload_model, parallel as --ulysses_size, parallel-fsdp)
