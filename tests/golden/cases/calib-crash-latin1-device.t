args: calibrate from-nccl-tests tests/data/crashes/nccl-latin1-device.txt -o /dev/null
rc: 0
--- stdout
Calibration for A6000
  all_reduce x2          alpha 21 us, bus bandwidth 19.84 GB/s  (R2 1.0000, RMS 1.2 %, 6 points)
Written to /dev/null; use it with --calibration /dev/null
--- stderr
warning: no --link: the fit serves plans on any link with 2 GPUs on 1 machine
