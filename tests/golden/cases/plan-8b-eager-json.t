args: --model 8B --gpus 4xH100 --strategy zero3 --attn eager --loss chunked --seq 4096 --json
rc: 0
--- stdout
{
  "schema": 1,
  "vfplan_version": "0.1.0",
  "vfplan_commit": "COMMIT",
  "data_date": "2026-11-30",
  "model": {
    "name": "8B",
    "family": "generic",
    "params": 8000000000,
    "active_params": 8000000000,
    "layers": 32,
    "hidden": 4096,
    "heads": 32,
    "kv_heads": 8,
    "ffn": 14259,
    "vocab": 128256,
    "active_params_no_embedding": 8000000000,
    "vision_params": 0,
    "read_as": "the shape of Llama 3.1 8B, vocabulary 128,256; FFN 14,259 solved for the exact count (its own: 14,336)",
    "checkpoint_params": null,
    "checkpoint_bytes": null,
    "checkpoint_source": null,
    "checkpoint_kv_dtype": null
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
    "network": null,
    "nics_per_node": null,
    "network_bw_bytes_per_s_per_gpu": null
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
    "reduce_bucket": 500000000,
    "overlap_comm": false,
    "param_broadcast": false,
    "param_sync_overlap": false,
    "opt_in_backward": false,
    "act_offload": false,
    "compile": false,
    "fused_kernels": false,
    "ckpt_every": null,
    "lora_head": false,
    "lora_dropout": 0.0,
    "lora_fp32": false,
    "nf4_double_quant": true,
    "ddp_bucket_view": false,
    "fsdp_version": 2,
    "optimizer_impl": "foreach",
    "logits_kept": true,
    "graph_kept": false,
    "fsdp_reduce_fp32": false,
    "fsdp_no_sync": false,
    "deepspeed_zero": false,
    "autocast": true,
    "shard_size": null,
    "doc_len": null,
    "images": 0,
    "image_tokens": null,
    "framework": {
      "name": "pytorch",
      "title": "plain PyTorch training loop (torch.optim, DDP, autocast)",
      "source": "pytorch/pytorch torch/optim/adamw.py, torch/nn/parallel/distributed.py, aten/src/ATen/autocast_mode.h, torch/utils/checkpoint.py, read 2026-12-01",
      "version": null,
      "set": [
        {
          "key": "ckpt",
          "value": "none",
          "repo": "pytorch/pytorch",
          "file": "torch/utils/checkpoint.py",
          "commit": "4b804b8500f89bdf9a8c6db04a3dc6b8dbcb3757",
          "says": "checkpointing is opt-in: only the function passed to torch.utils.checkpoint.checkpoint(function, *args) 'does not save intermediate activations'; a plain loop calls none, so autograd keeps every activation",
          "since": null,
          "until": null
        },
        {
          "key": "optimizer_impl",
          "value": "foreach",
          "repo": "pytorch/pytorch",
          "file": "torch/optim/adamw.py",
          "commit": "c15fcf4eb79daaf10e12cecdf7fee15cde6cc530",
          "says": "AdamW(..., foreach: Optional[bool] = None, fused: Optional[bool] = None); adamw(): 'if fused is None and foreach is None: _, foreach = _default_to_fused_or_foreach(params, differentiable, use_fused=False)' - foreach (multi-tensor) for CUDA tensors, fused only when asked",
          "since": null,
          "until": null
        }
      ],
      "checkpointing_as_meant": "none"
    },
    "tp": 1,
    "pp": 1,
    "virtual_stages": 1,
    "ep": 1,
    "moe_dispatcher": "alltoall",
    "a2a_overlap": "none",
    "etp": 1,
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
      "activations_bytes": 60652781568,
      "logits_bytes": 3808690176,
      "overhead_bytes": 7932700794,
      "temporaries_bytes": 8000000000,
      "total_bytes": 100394172538,
      "total_bytes_low": 86338988383,
      "total_bytes_high": 114449356693
    },
    "peak_phase": "backward",
    "phases": {
      "forward_bytes": 99980469984,
      "backward_bytes": 100394172538,
      "optimizer_bytes": 45309627207
    },
    "cuda_reserve_bytes": 1073741824,
    "user_reserve_bytes": 0,
    "usable_vram_bytes": 84447068160,
    "fits": false,
    "borderline": false,
    "headroom_bytes": -15947104378,
    "host_ram_needed_bytes": 16000000000,
    "host_ram_bytes": null,
    "host_ram_fits": null,
    "disk_checkpoint_bytes": 112000000000,
    "disk_weights_bytes": 16000000000,
    "advice": [
      {
        "kind": "combination",
        "flags": "--precision fp8-mixed --lora 16",
        "changes": [
          "precision",
          "adapters"
        ],
        "changes_training": true,
        "faster": false,
        "precision": "fp8-mixed",
        "lora_rank": 16,
        "quant_base": null,
        "per_gpu_bytes": 69842906632,
        "saved_bytes": 30551265906,
        "tokens_per_second": 41244.9859,
        "cost_per_million_tokens": 0.0853574798
      },
      {
        "kind": "combination",
        "flags": "--precision fp8-mixed --ckpt selective",
        "changes": [
          "precision",
          "checkpointing"
        ],
        "changes_training": true,
        "faster": false,
        "precision": "fp8-mixed",
        "checkpointing": "selective",
        "per_gpu_bytes": 62138713772,
        "saved_bytes": 38255458766,
        "tokens_per_second": 36695.99483,
        "cost_per_million_tokens": 0.09593875484
      },
      {
        "kind": "checkpointing",
        "flags": "--ckpt selective",
        "changes": [
          "checkpointing"
        ],
        "changes_training": false,
        "faster": false,
        "checkpointing": "selective",
        "per_gpu_bytes": 64316447251,
        "saved_bytes": 36077725287,
        "tokens_per_second": 31150.16083,
        "cost_per_million_tokens": 0.1130192576
      },
      {
        "kind": "lora",
        "flags": "--lora 16",
        "changes": [
          "adapters"
        ],
        "changes_training": true,
        "faster": false,
        "lora_rank": 16,
        "quant_base": null,
        "per_gpu_bytes": 72020640111,
        "saved_bytes": 28373532427,
        "tokens_per_second": 36354.46095,
        "cost_per_million_tokens": 0.09684005647
      },
      {
        "kind": "lora",
        "flags": "--qlora",
        "changes": [
          "adapters"
        ],
        "changes_training": true,
        "faster": false,
        "lora_rank": 16,
        "quant_base": "nf4",
        "per_gpu_bytes": 67798756428,
        "saved_bytes": 32595416110,
        "tokens_per_second": 35260.18124,
        "cost_per_million_tokens": 0.09984543263
      },
      {
        "kind": "more_gpus",
        "flags": "--gpus 8xH100-SXM --strategy zero3 --ckpt selective",
        "changes": [
          "checkpointing",
          "gpus"
        ],
        "changes_training": false,
        "faster": false,
        "strategy": "zero3",
        "checkpointing": "selective",
        "gpus_per_node": 8,
        "nodes": 1,
        "per_gpu_bytes": 49616447251,
        "saved_bytes": 50777725287,
        "tokens_per_second": 63175.51381,
        "cost_per_million_tokens": 0.1114535629
      }
    ]
  },
  "time": {
    "step_seconds": 0.4910632608,
    "step_seconds_low": 0.3437442826,
    "step_seconds_high": 0.6383822391,
    "compute_seconds": 0.4721547558,
    "comm_seconds": 0.100045,
    "exposed_comm_seconds": 0.018908505,
    "offload_seconds": 0.0,
    "bubble_seconds": 0.0,
    "comm_bytes_per_gpu_per_step": 36000000000,
    "tokens_per_step": 16384,
    "tokens_per_second": 33364.33675,
    "tokens_per_second_per_gpu": 8341.084188,
    "mfu": 0.4324011516,
    "hfu": 0.4324011516,
    "model_flops_per_token": 5.129041858e10,
    "hw_flops_per_token": 5.129041858e10,
    "peak_flops_per_gpu": 9.894e14,
    "efficiency": 0.7137777778,
    "speedup_vs_one_gpu": 4.356598147,
    "train_seconds": null,
    "bottleneck": "compute",
    "bottleneck_text": "compute: the GPUs' arithmetic"
  },
  "cost": {
    "currency": "EUR",
    "price_per_hour": 12.67404498,
    "per_step": 0.001728821627,
    "per_million_tokens": 0.1055188981,
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
