args: --model 8B --gpus 4xH100 --strategy ddp --json
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
    "currency": null,
    "network": null
  },
  "job": {
    "kind": "train",
    "strategy": "ddp",
    "strategy_auto": false,
    "strategy_why": null,
    "seq": 2048,
    "micro_batch": 1,
    "grad_accum": 1,
    "global_batch": 4,
    "tokens_per_step": 8192,
    "tokens": null,
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
    "fused_kernels": false,
    "tp": 1,
    "pp": 1,
    "virtual_stages": 1,
    "ep": 1,
    "sp": false,
    "dp": 4,
    "shard_degree": 1,
    "adapter_params": 0
  },
  "memory": {
    "per_gpu": {
      "weights_bytes": 16000000000,
      "gradients_bytes": 16000000000,
      "optimizer_bytes": 96000000000,
      "model_states_bytes": 128000000000,
      "activations_bytes": 12058624000,
      "logits_bytes": 917504000,
      "overhead_bytes": 6455050240,
      "total_bytes": 134455050240,
      "total_bytes_low": 115631343206,
      "total_bytes_high": 153278757274
    },
    "peak_phase": "optimizer",
    "phases": {
      "forward_bytes": 131004733440,
      "backward_bytes": 131279984640,
      "optimizer_bytes": 134455050240
    },
    "cuda_reserve_bytes": 1073741824,
    "user_reserve_bytes": 0,
    "usable_vram_bytes": 84447068160,
    "fits": false,
    "borderline": false,
    "headroom_bytes": -50007982080,
    "host_ram_needed_bytes": 16000000000,
    "host_ram_bytes": null,
    "host_ram_fits": null,
    "disk_checkpoint_bytes": 112000000000,
    "disk_weights_bytes": 16000000000,
    "advice": [
      {
        "kind": "strategy",
        "flags": "--strategy zero1",
        "strategy": "zero1",
        "per_gpu_bytes": 58800000000,
        "saved_bytes": 75655050240
      },
      {
        "kind": "optimizer",
        "flags": "--optimizer adamw-8bit",
        "optimizer": "adamw-8bit",
        "per_gpu_bytes": 84317550240,
        "saved_bytes": 50137500000
      },
      {
        "kind": "offload",
        "flags": "--offload optimizer --strategy zero2",
        "strategy": "zero2",
        "offload": "optimizer",
        "per_gpu_bytes": 30424934400,
        "saved_bytes": 104030115840
      },
      {
        "kind": "lora",
        "flags": "--lora 16",
        "lora_rank": 16,
        "quant_base": null,
        "per_gpu_bytes": 31140092192,
        "saved_bytes": 103314958048
      },
      {
        "kind": "more_gpus",
        "flags": "--gpus 8xH100-SXM --strategy zero3",
        "strategy": "zero3",
        "gpus_per_node": 8,
        "nodes": 1,
        "per_gpu_bytes": 29848323849,
        "saved_bytes": 104606726391
      }
    ]
  },
  "time": {
    "step_seconds": 0.2853446728,
    "step_seconds_low": 0.1654999102,
    "step_seconds_high": 0.4051894353,
    "compute_seconds": 0.2718527596,
    "comm_seconds": 0.06669666667,
    "exposed_comm_seconds": 0.01349191322,
    "offload_seconds": 0.0,
    "bubble_seconds": 0.0,
    "comm_bytes_per_gpu_per_step": 24000000000,
    "tokens_per_step": 8192,
    "tokens_per_second": 28709.13944,
    "tokens_per_second_per_gpu": 7177.284861,
    "mfu": 0.3658628174,
    "hfu": 0.3541791441,
    "model_flops_per_token": 5.043476448e10,
    "hw_flops_per_token": 4.882415174e10,
    "peak_flops_per_gpu": 9.894e14,
    "efficiency": 0.7137777778,
    "speedup_vs_one_gpu": 3.810868546,
    "train_seconds": null,
    "bottleneck": "compute",
    "bottleneck_text": "compute: the GPUs' arithmetic"
  },
  "cost": {
    "currency": "EUR",
    "price_per_hour": 12.67404498,
    "per_step": 0.001004575339,
    "per_million_tokens": 0.1226288255,
    "billed_minutes": null,
    "total": null,
    "basis": "reference",
    "offer": null,
    "reference_offers": 24,
    "exchange": null,
    "billing": {
      "granularity_seconds": 1.0,
      "minimum_minutes": 0.0,
      "startup_minutes": 10.0
    }
  },
  "calibration": null,
  "warnings": [
    "the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up"
  ]
}
--- stderr
