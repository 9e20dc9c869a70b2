args: --model llama-3.1-8b --gpus 1xB200 --precision nvfp4 --qlora
rc: 2
--- stdout
--- stderr
vfplan: QLoRA's 4-bit layers compute in bf16 or fp16 (bitsandbytes): nvfp4 does not apply; use bf16-mixed
