args: calibrate from-nccl-tests tests/data/calibration/nccl-tests-all_reduce-4xRTX5090-quoted.txt --gpus 0 -o /tmp/vfplan-calib-nccl-5090.yaml
rc: 2
--- stdout
--- stderr
vfplan: --gpus must be a whole number >= 1, not '0'
