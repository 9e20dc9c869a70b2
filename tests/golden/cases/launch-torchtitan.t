args: launch --emit torchtitan --model llama-3.1-8b --gpus 8xH100 --nodes 2 --strategy hsdp --tp 2 --ckpt op --compile --tokens 1e9
rc: 0
--- stdout
# torchtitan v0.2.2 (pytorch/torchtitan 73a0e697); global batch 8 = 1 x 1 x 8. Run:
# on each machine: torchrun --nnodes 2 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint MACHINE_0_IP:29500 -m torchtitan.train --job.config_file torchtitan.toml
# fill in CHECKPOINT_DIR (the Hub checkpoint's tokenizer)

[job]
dump_folder = "./outputs"
description = "vfplan's plan"

[model]
name = "llama3"
flavor = "8B"
hf_assets_path = "CHECKPOINT_DIR"

[optimizer]
name = "AdamW"
lr = 3e-4
eps = 1e-8
implementation = "fused"

[lr_scheduler]
warmup_steps = 200

[training]
local_batch_size = 1
global_batch_size = 8
seq_len = 2048
max_norm = 1.0
steps = 61036
dataset = "c4"
dtype = "float32"
mixed_precision_param = "bfloat16"
enable_cpu_offload = false

[parallelism]
data_parallel_replicate_degree = 2
data_parallel_shard_degree = 4
tensor_parallel_degree = 2
pipeline_parallel_degree = 1
context_parallel_degree = 1
fsdp_reshard_after_forward = "default"

[activation_checkpoint]
mode = "selective"
selective_ac_option = "op"

[compile]
enable = true
components = ["model", "loss"]

[checkpoint]
enable = true
folder = "checkpoint"
interval = 500
last_save_model_only = true
export_dtype = "bfloat16"
--- stderr
