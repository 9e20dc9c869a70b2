args: --model 8B --gpus 2xA100-80 --strategy zero2 --lora 32 --max-seq --host-ram 512GB --json
rc: 0
--- stdout
{
  "schema": 1,
  "vfplan_version": "0.1.0",
  "model": {
    "name": "8B",
    "family": "generic",
    "params": 8000000000,
    "active_params": 8000000000,
    "layers": 32,
    "hidden": 4096,
    "heads": 32,
    "kv_heads": 8,
    "ffn": 16264,
    "vocab": 32000
  },
  "machine": {
    "gpu": "A100-80",
    "count": 2,
    "nodes": 1,
    "total_gpus": 2,
    "vram_bytes": 85899345920,
    "vram_measured": false,
    "link": "nvlink3-switch",
    "link_bw_bytes_per_s": 300000000000,
    "host_ram_bytes": 512000000000,
    "price_per_hour": null,
    "currency": null
  },
  "job": {
    "kind": "train",
    "strategy": "zero2",
    "seq": 2048,
    "micro_batch": 1,
    "grad_accum": 1,
    "global_batch": 2,
    "tokens_per_step": 4096,
    "precision": "bf16-mixed",
    "optimizer": "adamw",
    "checkpointing": "none",
    "attention": "flash",
    "loss": "standard",
    "offload": "none",
    "lora_rank": 32,
    "lora_targets": "all-linear",
    "quant_base": null,
    "opt_in_backward": false,
    "act_offload": false,
    "compile": false,
    "tp": 1,
    "pp": 1,
    "virtual_stages": 1,
    "sp": false,
    "dp": 2,
    "shard_degree": 2,
    "adapter_params": 89810551
  },
  "memory": {
    "per_gpu": {
      "weights_bytes": 16179621103,
      "gradients_bytes": 89810551,
      "optimizer_bytes": 538863308,
      "model_states_bytes": 16808294962,
      "activations_bytes": 12058624000,
      "logits_bytes": 917504000,
      "overhead_bytes": 1861934937,
      "total_bytes": 31556547348,
      "total_bytes_low": 27138630719,
      "total_bytes_high": 35974463977
    },
    "peak_phase": "backward",
    "phases": {
      "forward_bytes": 31281296148,
      "backward_bytes": 31556547348,
      "optimizer_bytes": 18025914026
    },
    "cuda_reserve_bytes": 1073741824,
    "user_reserve_bytes": 0,
    "usable_vram_bytes": 84825604096,
    "fits": true,
    "borderline": false,
    "headroom_bytes": 53269056748,
    "host_ram_needed_bytes": 16000000000,
    "host_ram_bytes": 512000000000,
    "host_ram_fits": true,
    "disk_checkpoint_bytes": 1257347719,
    "disk_weights_bytes": 179621103,
    "max_seq": 10111,
    "advice": []
  },
  "warnings": [
    "no nvidia-smi reading for this GPU: its memory is the vendor label read as GiB"
  ]
}
--- stderr
