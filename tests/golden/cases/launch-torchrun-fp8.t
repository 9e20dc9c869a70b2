args: launch --emit torchrun --model llama-3.1-8b --gpus 8xH100 --strategy zero3 --precision fp8 --ckpt full --act-offload
rc: 0
--- stdout
# 1 machine x 8 GPUs, global batch 8 = 1 x 1 x 8
# activation offload is TRL's SFTTrainer's (--activation_offloading, trl/trainer/sft_config.py @f2cd5771): train.py is TRL's sft.py or builds an SFTTrainer; neither Accelerate nor DeepSpeed's config has it
# FP8: accelerate launch --mixed_precision fp8 with accelerate.yaml's fp8_config (torchao's float8, vfplan launch --emit accelerate or fsdp); the Trainer's own flags set bf16 or fp16 only, so torchrun and deepspeed would run bf16: not written
accelerate launch --mixed_precision fp8 --config_file accelerate.yaml train.py --per_device_train_batch_size 1 --gradient_accumulation_steps 1 --gradient_checkpointing --activation_offloading
--- stderr
