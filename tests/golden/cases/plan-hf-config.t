args: --model @TESTS@/data/hf/llama-llama-3.1-8b.json --gpus 2xA6000 --strategy fsdp
rc: 0
--- stdout
--- stderr
