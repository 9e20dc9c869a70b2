args: validate tests/data/calibration/synthetic-h200.yaml --calibration tests/data/calibration/synthetic-h200.yaml
rc: 2
--- stdout
--- stderr
vfplan: tests/data/calibration/synthetic-h200.yaml:1:1: not a calibration file (no 'calibration: 1'); a vfcalib raw file goes to 'vfplan calibrate fit' first
