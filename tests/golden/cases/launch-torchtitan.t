args: launch --emit torchtitan --model llama-3.1-8b --gpus 8xH100 --nodes 2 --strategy hsdp --tp 2 --ckpt op --compile --tokens 1e9
rc: 0
--- stdout
# torchtitan Python config, releases after 0.2.2 (0.3.0; read at pytorch/torchtitan main b5bcd76c: torchtitan/models/llama3/config_registry.py); global batch 8 = 1 x 1 x 8.
# Save as vfplan_torchtitan.py in the torchtitan checkout (or on PYTHONPATH), then run:
# on each machine: torchrun --nnodes 2 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint MACHINE_0_IP:29500 -m torchtitan.train --module vfplan_torchtitan --config vfplan_run
# fill in CHECKPOINT_DIR: the Hub checkpoint's absolute path (its tokenizer and safetensors, loaded at step 0)
from torchtitan.components.optimizer import default_adamw
from torchtitan.components.quantization import Float8LinearConverter
from torchtitan.distributed.activation_checkpoint import FullAC, SelectiveAC
from torchtitan.models.llama3 import model_registry
from torchtitan.models.llama3.config_registry import llama3_8b


def vfplan_run():
    config = llama3_8b()
    config.model_spec = model_registry("8B")
    config.hf_assets_path = "CHECKPOINT_DIR"
    config.optimizer = default_adamw(lr=2e-5)
    config.training.num_tokens_per_microbatch_per_dp_rank = 2048
    config.training.num_tokens_per_train_step = 16384
    config.training.max_context_length = 2048
    config.training.steps = 61036
    config.training.dtype = "float32"
    config.training.mixed_precision_param = "bfloat16"
    config.training.enable_cpu_offload = False
    config.parallelism.data_parallel_replicate_degree = 2
    config.parallelism.data_parallel_shard_degree = 4
    config.parallelism.tensor_parallel_degree = 2
    config.parallelism.pipeline_parallel_degree = 1
    config.parallelism.num_pp_microbatches = 1
    config.parallelism.context_parallel_degree = 1
    config.parallelism.fsdp_reshard_after_forward = "default"
    config.activation_checkpoint = SelectiveAC.Config()
    config.compile.enable = True
    config.checkpoint.enable = True
    config.checkpoint.interval = 500
    config.checkpoint.initial_load_path = "CHECKPOINT_DIR"
    config.checkpoint.initial_load_in_hf = True
    config.checkpoint.initial_load_model_only = True
    config.checkpoint.last_save_model_only = True
    config.checkpoint.export_dtype = "bfloat16"
    return config
--- stderr
