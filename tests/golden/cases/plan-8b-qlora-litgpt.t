args: --model llama-3.1-8b --gpus 1xA10 --framework litgpt --qlora --lora 32 --lora-targets attn --precision bf16 --seq 512 --micro-batch 2 --strategy single
rc: 0
--- stdout
--- stderr
