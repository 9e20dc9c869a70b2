args: --model /nonexistent/config.json --gpus 4xH100
rc: 0
--- stdout
--- stderr
