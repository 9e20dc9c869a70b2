args: launch --emit fsdp --model llama-3.1-8b --gpus 8xH100 --strategy zero3 --precision fp8 --compile
rc: 0
--- stdout
compute_environment: "LOCAL_MACHINE"
distributed_type: "FSDP"
num_machines: 1
num_processes: 8
machine_rank: 0
mixed_precision: "fp8"
gpu_ids: "all"
main_training_function: "main"
fp8_config:
  backend: "AO"
  enable_fsdp_float8_all_gather: true
  pad_inner_dim: true
fsdp_config:
  fsdp_version: 2
  fsdp_reshard_after_forward: true
  fsdp_offload_params: false
  fsdp_auto_wrap_policy: "TRANSFORMER_BASED_WRAP"
  fsdp_state_dict_type: "FULL_STATE_DICT"
  fsdp_cpu_ram_efficient_loading: false
  fsdp_activation_checkpointing: false
--- stderr
