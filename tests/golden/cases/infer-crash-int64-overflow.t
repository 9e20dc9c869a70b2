args: infer --model 100T --gpus 1xH100 --context 16777216 --concurrency 65536 --engine llamacpp --json
rc: 2
--- stdout
{
  "error": {
    "message": "this serving plan needs 1.48e+19 bytes, beyond the 1e18 vfplan represents: a shorter context or fewer sequences",
    "exit_code": 2
  }
}
--- stderr
vfplan: this serving plan needs 1.48e+19 bytes, beyond the 1e18 vfplan represents: a shorter context or fewer sequences
