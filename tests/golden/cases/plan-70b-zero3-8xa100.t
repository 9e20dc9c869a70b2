args: --model llama-3.1-70b --gpus 8xA100-80 --strategy zero3
rc: 0
--- stdout
--- stderr
