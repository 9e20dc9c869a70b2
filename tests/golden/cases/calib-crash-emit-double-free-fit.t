args: calibrate from-nccl-tests tests/data/crashes/nccl-yaml-emit-double-free.txt --collective reduce_scatter --gpus 2 --nodes 1 --gpu H200 -o /dev/null
rc: 0
--- stdout
Calibration for H200
  reduce_scatter x2      alpha 4 us, bus bandwidth 0.0005 GB/s  (R2 1.0000, RMS 0.0 %, 2 points)
Written to /dev/null; use it with --calibration /dev/null
--- stderr
warning: no --link: the fit serves plans on any link with 2 GPUs on 1 machine
warning: fewer than 2 rows of 1 MiB or more: fitted on all 2, below the sizes training sends
