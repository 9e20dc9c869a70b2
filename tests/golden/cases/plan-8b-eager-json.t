args: --model 8B --gpus 4xH100 --strategy zero3 --attn eager --loss chunked --seq 4096 --json
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
    "strategy": "zero3",
    "strategy_auto": false,
    "strategy_why": null,
    "seq": 4096,
    "micro_batch": 1,
    "grad_accum": 1,
    "global_batch": 4,
    "tokens_per_step": 16384,
    "tokens": null,
    "precision": "bf16-mixed",
    "optimizer": "adamw",
    "checkpointing": "none",
    "attention": "eager",
    "loss": "chunked",
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
    "shard_degree": 4,
    "adapter_params": 0
  },
  "memory": {
    "per_gpu": {
      "weights_bytes": 4000000000,
      "gradients_bytes": 4000000000,
      "optimizer_bytes": 24000000000,
      "model_states_bytes": 32000000000,
      "activations_bytes": 58460209152,
      "logits_bytes": 425984000,
      "overhead_bytes": 5867699106,
      "total_bytes": 92753892258,
      "total_bytes_low": 79768347342,
      "total_bytes_high": 105739437174
    },
    "peak_phase": "backward",
    "phases": {
      "forward_bytes": 92650673058,
      "backward_bytes": 92753892258,
      "optimizer_bytes": 35123389449
    },
    "cuda_reserve_bytes": 1073741824,
    "user_reserve_bytes": 0,
    "usable_vram_bytes": 84447068160,
    "fits": false,
    "borderline": true,
    "headroom_bytes": -8306824098,
    "host_ram_needed_bytes": 16000000000,
    "host_ram_bytes": null,
    "host_ram_fits": null,
    "disk_checkpoint_bytes": 112000000000,
    "disk_weights_bytes": 16000000000,
    "advice": [
      {
        "kind": "optimizer",
        "flags": "--optimizer adamw-8bit",
        "optimizer": "adamw-8bit",
        "per_gpu_bytes": 80219517258,
        "saved_bytes": 12534375000
      },
      {
        "kind": "checkpointing",
        "flags": "--ckpt full",
        "checkpointing": "full",
        "per_gpu_bytes": 35123389449,
        "saved_bytes": 57630502809
      },
      {
        "kind": "offload",
        "flags": "--offload optimizer",
        "offload": "optimizer",
        "per_gpu_bytes": 67553892258,
        "saved_bytes": 25200000000
      },
      {
        "kind": "lora",
        "flags": "--lora 16",
        "lora_rank": 16,
        "quant_base": null,
        "per_gpu_bytes": 67211122664,
        "saved_bytes": 25542769594
      },
      {
        "kind": "more_gpus",
        "flags": "--gpus 8xH100-SXM --strategy zero3",
        "gpus_per_node": 8,
        "nodes": 1,
        "per_gpu_bytes": 78053892258,
        "saved_bytes": 14700000000
      }
    ]
  },
  "time": {
    "step_seconds": 0.4563518548,
    "step_seconds_low": 0.2646840758,
    "step_seconds_high": 0.6480196337,
    "compute_seconds": 0.4374433498,
    "comm_seconds": 0.100045,
    "exposed_comm_seconds": 0.018908505,
    "offload_seconds": 0.0,
    "bubble_seconds": 0.0,
    "comm_bytes_per_gpu_per_step": 36000000000,
    "tokens_per_step": 16384,
    "tokens_per_second": 35902.12208,
    "tokens_per_second_per_gpu": 8975.53052,
    "mfu": 0.486750531,
    "hfu": 0.486750531,
    "model_flops_per_token": 5.365598995e10,
    "hw_flops_per_token": 5.365598995e10,
    "peak_flops_per_gpu": 9.894e14,
    "efficiency": 0.7137777778,
    "speedup_vs_one_gpu": 4.383722005,
    "train_seconds": null,
    "bottleneck": "compute",
    "bottleneck_text": "compute: the GPUs' arithmetic"
  },
  "cost": {
    "currency": "EUR",
    "price_per_hour": 12.67404498,
    "per_step": 0.00160661776,
    "per_million_tokens": 0.09806016601,
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
