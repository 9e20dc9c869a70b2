args: --model 8B --gpus 4xH100 --strategy zero3 --json
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
    "gpu": "H100-SXM",
    "count": 4,
    "nodes": 1,
    "total_gpus": 4,
    "vram_bytes": 85520809984,
    "vram_measured": true,
    "link": "nvlink4-switch",
    "link_bw_bytes_per_s": 450000000000,
    "host_ram_bytes": null,
    "price_per_hour": null,
    "currency": null
  },
  "job": {
    "kind": "train",
    "strategy": "zero3",
    "seq": 2048,
    "micro_batch": 1,
    "grad_accum": 1,
    "global_batch": 4,
    "tokens_per_step": 8192,
    "precision": "bf16-mixed",
    "optimizer": "adamw",
    "checkpointing": "none",
    "attention": "flash",
    "loss": "standard",
    "offload": "none",
    "lora_rank": null,
    "lora_targets": null,
    "quant_base": null,
    "opt_in_backward": false,
    "act_offload": false,
    "compile": false,
    "tp": 1,
    "pp": 1,
    "virtual_stages": 1,
    "sp": false,
    "dp": 4,
    "shard_degree": 4,
    "adapter_params": 0
  },
  "memory": {
    "per_gpu": {
      "weights_bytes": 4000000000,
      "gradients_bytes": 4000000000,
      "optimizer_bytes": 24000000000,
      "model_states_bytes": 32000000000,
      "activations_bytes": 12058624000,
      "logits_bytes": 917504000,
      "overhead_bytes": 3572195849,
      "total_bytes": 44548323849,
      "total_bytes_low": 38311558510,
      "total_bytes_high": 50785089188
    },
    "peak_phase": "backward",
    "phases": {
      "forward_bytes": 44273072649,
      "backward_bytes": 44548323849,
      "optimizer_bytes": 35123389449
    },
    "cuda_reserve_bytes": 1073741824,
    "user_reserve_bytes": 0,
    "usable_vram_bytes": 84447068160,
    "fits": true,
    "borderline": false,
    "headroom_bytes": 39898744311,
    "host_ram_needed_bytes": 16000000000,
    "host_ram_bytes": null,
    "host_ram_fits": null,
    "disk_checkpoint_bytes": 112000000000,
    "disk_weights_bytes": 16000000000,
    "advice": []
  },
  "warnings": []
}
--- stderr
