args: launch --emit torchtune --model llama-3.1-8b --gpus 1xH100 --lora 16 --micro-batch 2 --seq 4096 --ckpt none --precision bf16
rc: 0
--- stdout
# BORDERLINE: 83.5 GB per GPU (66.0-101.1 GB with the estimate's error band) against 84.4 GB usable: it may run out of memory; 'vfplan plan' lists the changes that make it fit
# torchtune v0.6.1 (pytorch/torchtune a6290a5b):
# tune run lora_finetune_single_device --config torchtune.yaml
# fill in CHECKPOINT_DIR, OUTPUT_DIR, MAX_FILENAME; global batch 2 = 2 x 1 x 1
output_dir: "OUTPUT_DIR"
tokenizer:
  _component_: "torchtune.models.llama3.llama3_tokenizer"
  path: "CHECKPOINT_DIR/original/tokenizer.model"
  max_seq_len: 4096
dataset:
  _component_: "torchtune.datasets.alpaca_dataset"
  packed: true
shuffle: true
model:
  _component_: "torchtune.models.llama3_1.lora_llama3_1_8b"
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
  model_type: "LLAMA3"
resume_from_checkpoint: false
seed: null
batch_size: 2
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
enable_activation_checkpointing: false
enable_activation_offloading: false
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
vfplan: warning: this plan is borderline (83.5 GB per GPU, 66.0-101.1 GB with the error band, 84.4 usable): it may run out of memory; 'vfplan plan' lists the changes that make it fit
