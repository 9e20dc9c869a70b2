args: --model 8B --gpus 4xH100 --seq 0 --json
rc: 2
--- stdout
{
  "error": {
    "message": "--seq must be a whole number between 1 and 16777216, not '0'",
    "exit_code": 2
  }
}
--- stderr
vfplan: --seq must be a whole number between 1 and 16777216, not '0'
