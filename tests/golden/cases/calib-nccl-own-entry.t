args: calibrate from-nccl-tests tests/data/calibration/nccl-tests-all_reduce-72xGB200-elided.txt --nodes 18 --link nvlink5-switch -o /tmp/vfplan-calib-nccl-gb200.yaml
rc: 0
--- stdout
Calibration for NVIDIA Graphics Device
  all_reduce x72 on 18 nodes alpha 616 us, bus bandwidth 868.5 GB/s  (R2 0.9994, RMS 1.8 %, 5 points)
Written to /tmp/vfplan-calib-nccl-gb200.yaml; use it with --calibration /tmp/vfplan-calib-nccl-gb200.yaml
--- stderr
warning: 'NVIDIA Graphics Device' calibrated as its own entry of that name: no GPU of the database matches the device 'NVIDIA Graphics Device'; name it with --gpu (vfplan gpus lists them)
warning: the fitted bus bandwidth 868.5 GB/s exceeds the largest busbw measured, 839.2 GB/s: the sweep may end before the link saturates
