args: image --model wan2.2-t2v-a14b --gpus 3xH100-SXM --placement parallel-fsdp
rc: 2
--- stdout
--- stderr
vfplan: placement parallel-fsdp splits wan2.2-t2v-a14b's 40 heads over the GPUs (Ulysses); 3 does not divide them (generate.py asserts num_heads % ulysses_size == 0)
