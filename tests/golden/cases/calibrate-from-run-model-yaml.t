args: calibrate from-run --model tests/data/models/tiny-moe.yaml --gpus 2xH100 --step-seconds 0.6 --peak-memory-gib 40 -o /dev/null
rc: 0
--- stdout
Calibration for H100-SXM
  step time              compute scale 77.4416 (to match 0.6 s)
  peak memory            offset +4.295e+10 bytes (vfplan said 3.256e+06)
Written to /dev/null; use it with --calibration /dev/null
--- stderr
