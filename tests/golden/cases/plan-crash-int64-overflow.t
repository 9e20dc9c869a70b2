args: --model 100T --gpus 1xH100 --seq 16777216 --micro-batch 65536 --strategy single --attn eager --json
rc: 2
--- stdout
{
  "error": {
    "message": "this job needs 9.71e+23 bytes per GPU at its peak, beyond the 1e18 vfplan represents: a shorter sequence, a smaller micro-batch or model, or more GPUs",
    "exit_code": 2
  }
}
--- stderr
vfplan: this job needs 9.71e+23 bytes per GPU at its peak, beyond the 1e18 vfplan represents: a shorter sequence, a smaller micro-batch or model, or more GPUs
