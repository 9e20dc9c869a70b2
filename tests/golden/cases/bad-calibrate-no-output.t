args: calibrate fit tests/data/calibration/synthetic-h200.yaml
rc: 2
--- stdout
--- stderr
vfplan: missing -o FILE (where to write the calibration)
