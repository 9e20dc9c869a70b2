args: launch --emit accelerate --model llama-3.1-8b --gpus 8xH100 --nodes 2 --strategy hsdp
rc: 0
--- stdout
compute_environment: "LOCAL_MACHINE"
distributed_type: "FSDP"
num_machines: 2
num_processes: 16
machine_rank: 0
main_process_ip: "MACHINE_0_IP"
main_process_port: 29500
rdzv_backend: "static"
same_network: true
mixed_precision: "bf16"
gpu_ids: "all"
main_training_function: "main"
fsdp_config:
  fsdp_version: 2
  fsdp_reshard_after_forward: true
  fsdp_offload_params: false
  fsdp_auto_wrap_policy: "TRANSFORMER_BASED_WRAP"
  fsdp_state_dict_type: "FULL_STATE_DICT"
  fsdp_cpu_ram_efficient_loading: true
  fsdp_activation_checkpointing: false
parallelism_config:
  parallelism_config_dp_replicate_size: 2
  parallelism_config_dp_shard_size: 8
  parallelism_config_tp_size: 1
  parallelism_config_cp_size: 1
--- stderr
