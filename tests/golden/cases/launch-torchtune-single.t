args: launch --emit torchtune --model llama-3.1-8b --gpus 1xH100 --precision bf16 --optimizer adamw-8bit --ckpt full
rc: 0
--- stdout
# torchtune v0.6.1 (pytorch/torchtune a6290a5b):
# tune run full_finetune_single_device --config torchtune.yaml
# fill in CHECKPOINT_DIR, OUTPUT_DIR, MAX_FILENAME; global batch 1 = 1 x 1 x 1
output_dir: "OUTPUT_DIR"
tokenizer:
  _component_: "torchtune.models.llama3.llama3_tokenizer"
  path: "CHECKPOINT_DIR/original/tokenizer.model"
  max_seq_len: 2048
dataset:
  _component_: "torchtune.datasets.alpaca_dataset"
  packed: true
shuffle: true
model:
  _component_: "torchtune.models.llama3_1.llama3_1_8b"
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
batch_size: 1
epochs: 1
max_steps_per_epoch: null
optimizer:
  _component_: "bitsandbytes.optim.PagedAdamW8bit"
  lr: 2.0e-5
loss:
  _component_: "torchtune.modules.loss.CEWithChunkedOutputLoss"
gradient_accumulation_steps: 1
compile: false
optimizer_in_bwd: false
device: "cuda"
enable_activation_checkpointing: true
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
