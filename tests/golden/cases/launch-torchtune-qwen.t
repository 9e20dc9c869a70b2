args: launch --emit torchtune --model qwen2.5-7b --gpus 2xH100 --strategy zero3 --precision bf16 --lora 16 --ckpt full
rc: 0
--- stdout
# torchtune v0.6.1 (pytorch/torchtune a6290a5b):
# tune run --nproc_per_node 2 lora_finetune_distributed --config torchtune.yaml
# fill in CHECKPOINT_DIR, OUTPUT_DIR, MAX_FILENAME; global batch 2 = 1 x 1 x 2
output_dir: "OUTPUT_DIR"
tokenizer:
  _component_: "torchtune.models.qwen2_5.qwen2_5_tokenizer"
  path: "CHECKPOINT_DIR/vocab.json"
  merges_file: "CHECKPOINT_DIR/merges.txt"
  max_seq_len: 2048
dataset:
  _component_: "torchtune.datasets.alpaca_dataset"
  packed: true
shuffle: true
model:
  _component_: "torchtune.models.qwen2_5.lora_qwen2_5_7b_base"
  lora_attn_modules: ["q_proj", "k_proj", "v_proj", "output_proj"]
  apply_lora_to_mlp: true
  apply_lora_to_output: false
  lora_rank: 16
  lora_alpha: 32
  lora_dropout: 0
checkpointer:
  _component_: "torchtune.training.FullModelHFCheckpointer"
  checkpoint_dir: "CHECKPOINT_DIR"
  checkpoint_files:
    filename_format: "model-{}-of-{}.safetensors"
    max_filename: "MAX_FILENAME"
  output_dir: "OUTPUT_DIR"
  model_type: "QWEN2"
resume_from_checkpoint: false
seed: null
batch_size: 1
epochs: 1
max_steps_per_epoch: null
optimizer:
  _component_: "torch.optim.AdamW"
  lr: 3.0e-4
  fused: true
lr_scheduler:
  _component_: "torchtune.training.lr_schedulers.get_cosine_schedule_with_warmup"
  num_warmup_steps: 100
loss:
  _component_: "torchtune.modules.loss.CEWithChunkedOutputLoss"
gradient_accumulation_steps: 1
compile: false
device: "cuda"
enable_activation_checkpointing: true
enable_activation_offloading: false
fsdp_cpu_offload: false
fsdp_reshard_after_forward: true
dtype: "bf16"
metric_logger:
  _component_: "torchtune.training.metric_logging.DiskLogger"
  log_dir: "OUTPUT_DIR/logs"
profiler:
  _component_: "torchtune.training.setup_torch_profiler"
  enabled: false
log_every_n_steps: 1
log_peak_memory_stats: true
log_level: "INFO"
--- stderr
