args: launch --emit llamafactory --model llama-3.1-8b --gpus 4xH100 --strategy fsdp --precision fp8
rc: 0
--- stdout
# LLaMA-Factory 0.9.6 (hiyouga/LLaMA-Factory ff6d4d12); fill in HF_MODEL_ID (llama-3.1-8b); global batch 4 = 1 x 1 x 4
# FSDP runs through Accelerate: accelerate launch --config_file accelerate.yaml src/train.py llamafactory.yaml (vfplan launch --emit fsdp)
model_name_or_path: "HF_MODEL_ID"
flash_attn: "fa2"
disable_gradient_checkpointing: true
stage: "sft"
do_train: true
finetuning_type: "full"
dataset: "alpaca_en_demo"
template: "llama3"
cutoff_len: 2048
packing: true
output_dir: "saves/vfplan"
overwrite_output_dir: true
logging_steps: 10
save_steps: 500
report_to: "none"
per_device_train_batch_size: 1
gradient_accumulation_steps: 1
learning_rate: 1.0e-5
num_train_epochs: 1
lr_scheduler_type: "cosine"
warmup_steps: 10
optim: "adamw_torch"
bf16: true
fp16: false
fp8: true
fp8_backend: "torchao"
fp8_enable_fsdp_float8_all_gather: true
torch_compile: false
ddp_timeout: 180000000
--- stderr
