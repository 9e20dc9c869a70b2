args: calibrate from-nccl-tests tests/data/calibration/nccl-tests-all_reduce-72xGB200-elided.txt -o /tmp/vfplan-calib-nccl-gb200.yaml
rc: 2
--- stdout
--- stderr
vfplan: tests/data/calibration/nccl-tests-all_reduce-72xGB200-elided.txt: 1 of the 72 ranks' device lines are there: on how many machines? say --nodes K
