args: launch --emit deepspeed --model 70B --gpus 1xH100 --json
rc: 3
--- stdout
{
  "error": {
    "message": "this plan does not fit (1470.0 GB per GPU, 84.4 usable): 'vfplan plan' shows what to change",
    "exit_code": 3
  }
}
--- stderr
vfplan: this plan does not fit (1470.0 GB per GPU, 84.4 usable): 'vfplan plan' shows what to change
