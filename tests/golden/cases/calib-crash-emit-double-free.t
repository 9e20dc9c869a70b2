args: calibrate from-nccl-tests tests/data/crashes/nccl-yaml-emit-double-free.txt --collective reduce_scatter -o /dev/null
rc: 2
--- stdout
--- stderr
vfplan: tests/data/crashes/nccl-yaml-emit-double-free.txt: fewer than 2 GPUs: the '# Using devices' lines list 0 and busbw/algbw says none (say --gpus N)
