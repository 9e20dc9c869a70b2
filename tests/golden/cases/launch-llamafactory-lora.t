args: launch --emit llamafactory --model llama-3.1-8b --gpus 8xA100 --nodes 2 --strategy zero2 --lora 32 --lora-targets attn
rc: 0
--- stdout
# LLaMA-Factory 0.9.6 (hiyouga/LLaMA-Factory ff6d4d12); fill in HF_MODEL_ID (llama-3.1-8b), ds_config.json from vfplan launch --emit deepspeed; global batch 16 = 1 x 1 x 16
# on machine K = 0 .. 1: FORCE_TORCHRUN=1 NNODES=2 NODE_RANK=K NPROC_PER_NODE=8 MASTER_ADDR=MACHINE_0_IP MASTER_PORT=29500 llamafactory-cli train llamafactory.yaml
model_name_or_path: "HF_MODEL_ID"
flash_attn: "fa2"
disable_gradient_checkpointing: true
stage: "sft"
do_train: true
finetuning_type: "lora"
lora_rank: 32
lora_alpha: 64
lora_dropout: 0
lora_target: "q_proj,k_proj,v_proj,o_proj"
deepspeed: "ds_config.json"
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
learning_rate: 1.0e-4
num_train_epochs: 1
lr_scheduler_type: "cosine"
warmup_steps: 10
optim: "adamw_torch"
bf16: true
fp16: false
torch_compile: false
ddp_timeout: 180000000
--- stderr
