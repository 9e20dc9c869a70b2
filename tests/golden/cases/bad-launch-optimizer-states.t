args: launch --emit fsdp --model llama-3.1-8b --gpus 8xH100 --strategy fsdp --optimizer-states bf16
rc: 2
--- stdout
--- stderr
vfplan: no launch target here writes --optimizer-states or --act-offload-layers (Megatron-LM: --exp-avg-dtype bf16 --exp-avg-sq-dtype bf16, --cpu-offloading-num-layers N; torchtitan after 0.2.2: fused_opt_states_bf16)
