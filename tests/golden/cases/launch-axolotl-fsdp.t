args: launch --emit axolotl --model llama-3.1-8b --gpus 4xH100 --strategy fsdp --lora 16 --ckpt full
rc: 0
--- stdout
# axolotl v0.18 (axolotl-ai-cloud/axolotl 067b021c); fill in HF_MODEL_ID (llama-3.1-8b); global batch 4 = 1 x 1 x 4
# axolotl train axolotl.yaml
base_model: "HF_MODEL_ID"
load_in_8bit: false
load_in_4bit: false
adapter: "lora"
lora_r: 16
lora_alpha: 32
lora_dropout: 0
lora_target_linear: true
datasets:
- path: "tatsu-lab/alpaca"
  type: "alpaca"
output_dir: "./outputs"
sequence_len: 2048
sample_packing: true
micro_batch_size: 1
gradient_accumulation_steps: 1
num_epochs: 1
optimizer: "adamw_torch_fused"
lr_scheduler: "cosine"
learning_rate: 2.0e-4
warmup_steps: 10
bf16: true
fp16: false
gradient_checkpointing: true
gradient_checkpointing_kwargs: {use_reentrant: false}
activation_offloading: false
attn_implementation: "flash_attention_2"
torch_compile: false
logging_steps: 1
saves_per_epoch: 1
fsdp_version: 2
fsdp_config:
  offload_params: false
  auto_wrap_policy: "TRANSFORMER_BASED_WRAP"
  state_dict_type: "FULL_STATE_DICT"
  reshard_after_forward: true
  cpu_ram_efficient_loading: true
  activation_checkpointing: false
--- stderr
