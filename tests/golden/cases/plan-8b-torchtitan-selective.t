args: --model llama-3.1-8b --gpus 8xH100 --strategy fsdp --framework torchtitan --ckpt selective
rc: 0
--- stdout
--- stderr
