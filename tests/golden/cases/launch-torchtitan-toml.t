args: launch --emit torchtitan --model llama-3.1-8b --gpus 8xH100 --strategy zero3 --ckpt every:2 --torchtitan-version 0.2.2 --tokens 2e8
rc: 0
--- stdout
# torchtitan 0.2.x TOML (pytorch/torchtitan v0.2.2 73a0e697; the keys of 0.2.0 .. 0.2.2); global batch 8 = 1 x 1 x 8. Run:
# CONFIG_FILE=torchtitan.toml NGPU=8 ./run_train.sh
# fill in CHECKPOINT_DIR: the Hub checkpoint's absolute path (its tokenizer and safetensors, loaded at step 0)

[job]
dump_folder = "./outputs"
description = "vfplan's plan"

[model]
name = "llama3"
flavor = "8B"
hf_assets_path = "CHECKPOINT_DIR"

[optimizer]
name = "AdamW"
lr = 2e-5
eps = 1e-8
implementation = "fused"

[lr_scheduler]
warmup_steps = 200

[training]
local_batch_size = 1
global_batch_size = 8
seq_len = 2048
max_norm = 1.0
steps = 12208
dataset = "c4"
dtype = "float32"
mixed_precision_param = "bfloat16"
enable_cpu_offload = false

[parallelism]
data_parallel_replicate_degree = 1
data_parallel_shard_degree = 8
tensor_parallel_degree = 1
pipeline_parallel_degree = 1
context_parallel_degree = 1
fsdp_reshard_after_forward = "default"

[activation_checkpoint]
mode = "selective"
selective_ac_option = "2"

[compile]
enable = false
components = ["model", "loss"]

[checkpoint]
enable = true
folder = "checkpoint"
interval = 500
initial_load_path = "CHECKPOINT_DIR"
initial_load_in_hf = true
initial_load_model_only = true
last_save_model_only = true
export_dtype = "bfloat16"
--- stderr
