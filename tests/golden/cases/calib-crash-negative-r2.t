args: calibrate from-nccl-tests tests/data/crashes/nccl-noisy-negative-r2.txt -o /dev/null
rc: 2
--- stdout
--- stderr
vfplan: tests/data/crashes/nccl-noisy-negative-r2.txt: the times do not grow with the size; nothing to fit
