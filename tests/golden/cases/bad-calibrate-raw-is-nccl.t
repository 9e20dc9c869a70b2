args: calibrate fit tests/data/calibration/nccl-tests-all_reduce-2xA6000.txt -o /tmp/vfplan-x.yaml
rc: 2
--- stdout
--- stderr
vfplan: tests/data/calibration/nccl-tests-all_reduce-2xA6000.txt:1:1: not a vfcalib file (no 'vfcalib: 1'; a calibration file goes to --calibration)
