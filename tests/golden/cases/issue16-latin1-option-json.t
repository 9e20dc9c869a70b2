args: --model 8B --gpus 4xH100 --json $'--\xe9t\xe9'
rc: 2
--- stdout
{
  "error": {
    "message": "unknown option '--\\xE9t\\xE9' for 'plan' (did you mean '--tp'?)",
    "exit_code": 2
  }
}
--- stderr
vfplan: unknown option '--\xE9t\xE9' for 'plan' (did you mean '--tp'?)
