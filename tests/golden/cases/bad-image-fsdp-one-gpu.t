args: image --model wan2.2-t2v-a14b --gpus 1xH100-SXM --placement parallel-fsdp
rc: 2
--- stdout
--- stderr
vfplan: placement parallel-fsdp needs 2 GPUs or more (Wan's generate.py: t5_fsdp and dit_fsdp are not supported in non-distributed environments)
