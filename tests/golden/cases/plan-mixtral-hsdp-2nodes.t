args: --model mixtral-8x7b --gpus 8xH100 --nodes 2 --strategy hsdp --precision bf16 --optimizer adamw-8bit --reserve 2GB
rc: 0
--- stdout
--- stderr
