args: --data tests/data/crashes-2/band-data --model 8B --gpus 4xH100 --strategy zero3 --json
rc: 2
--- stdout
{
  "error": {
    "message": "tests/data/crashes-2/band-data/hwdb/fuzz-yaml-band-over-one.yaml:5:22: 'memory_error_band' must be a fraction in [0, 1), not '1.14'",
    "exit_code": 2
  }
}
--- stderr
vfplan: tests/data/crashes-2/band-data/hwdb/fuzz-yaml-band-over-one.yaml:5:22: 'memory_error_band' must be a fraction in [0, 1), not '1.14'
