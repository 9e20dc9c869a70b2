args: calibrate from-nccl-tests tests/data/calibration/nccl-tests-all_reduce-2xA6000.txt -o /no/such/dir/o.yaml
rc: 2
--- stdout
--- stderr
vfplan: cannot write '/no/such/dir/o.yaml': No such file or directory
