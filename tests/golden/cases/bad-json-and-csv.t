args: infer --model 8B --gpus 1xH100 --json --csv
rc: 2
--- stdout
{
  "error": {
    "message": "--json and --csv are two formats of one answer: give one",
    "exit_code": 2
  }
}
--- stderr
vfplan: --json and --csv are two formats of one answer: give one
