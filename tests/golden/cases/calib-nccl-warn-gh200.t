args: calibrate from-nccl-tests tests/data/calibration/nccl-tests-all_reduce-2x4xGH200-indented.txt --gpu GH200 --link nvlink4-gh200 -o /tmp/vfplan-calib-nccl-gh200.yaml
rc: 0
--- stdout
Calibration for GH200
  all_reduce x8 on 2 nodes alpha 217 us, bus bandwidth 135.6 GB/s  (R2 0.9938, RMS 19.2 %, 8 points)
Written to /tmp/vfplan-calib-nccl-gh200.yaml; use it with --calibration /tmp/vfplan-calib-nccl-gh200.yaml
--- stderr
warning: the fit is off by -5.3 % at 33.55 MB, among the largest sizes: these times do not follow alpha + S/bandwidth
warning: the fitted bus bandwidth 135.6 GB/s exceeds the largest busbw measured, 122.6 GB/s: the sweep may end before the link saturates
