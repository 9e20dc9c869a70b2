args: calibrate from-run --model tests/data/hf/llama-llama-3.1-8b.json --gpus 4xH100 --step-seconds 0.6 --peak-memory-gib 40 -o /dev/null
rc: 0
--- stdout
Calibration for H100-SXM
  step time              compute scale 2.7754 (to match 0.6 s)
  peak memory            offset -7.587e+09 bytes (vfplan said 5.054e+10)
Written to /dev/null; use it with --calibration /dev/null
--- stderr
