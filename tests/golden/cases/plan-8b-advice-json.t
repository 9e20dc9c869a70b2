args: --model 8B --gpus 4xH100 --strategy ddp --json
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
    "reduce_bucket": 500000000,
    "overlap_comm": false,
    "param_broadcast": false,
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
      "set": [
        {
          "key": "ckpt",
          "value": "none",
          "repo": "pytorch/pytorch",
          "file": "torch/utils/checkpoint.py",
          "commit": "4b804b8500f89bdf9a8c6db04a3dc6b8dbcb3757",
          "says": "checkpointing is opt-in: only the function passed to torch.utils.checkpoint.checkpoint(function, *args) 'does not save intermediate activations'; a plain loop calls none, so autograd keeps every activation"
        },
        {
          "key": "loss",
          "value": "standard",
          "repo": "pytorch/pytorch",
          "file": "aten/src/ATen/autocast_mode.h",
          "commit": "d70fe7f33910bbe8bc8b6027388a84bb102a453d",
          "says": "AT_FORALL_FP32_SET_OPT_DTYPE lists log_softmax (and AT_FORALL_FP32 nll_loss): under autocast, F.cross_entropy = log_softmax + nll_loss runs on the logits upcast to fp32 and saves the fp32 log-softmax, while linear/matmul (AT_FORALL_LOWER_PRECISION_FP) give bf16 logits"
        },
        {
          "key": "ddp_bucket_view",
          "value": "false",
          "repo": "pytorch/pytorch",
          "file": "torch/nn/parallel/distributed.py",
          "commit": "25562d3d418774598bd22d0fae875897a96a917b",
          "says": "DistributedDataParallel.__init__(..., bucket_cap_mb=25, find_unused_parameters=False, check_reduction=False, gradient_as_bucket_view=False): gradients are separate tensors copied into the allreduce buckets"
        },
        {
          "key": "optimizer_impl",
          "value": "foreach",
          "repo": "pytorch/pytorch",
          "file": "torch/optim/adamw.py",
          "commit": "c15fcf4eb79daaf10e12cecdf7fee15cde6cc530",
          "says": "AdamW(..., foreach: Optional[bool] = None, fused: Optional[bool] = None); adamw(): 'if fused is None and foreach is None: _, foreach = _default_to_fused_or_foreach(params, differentiable, use_fused=False)' - foreach (multi-tensor) for CUDA tensors, fused only when asked"
        },
        {
          "key": "autocast",
          "value": "true",
          "repo": "pytorch/pytorch",
          "file": "torch/amp/autocast_mode.py",
          "commit": "291bc5ca4fa222e66d9e6114e1280570c5b736c6",
          "says": "class autocast docstring: 'Creates model and optimizer in default precision' (fp32), then 'with torch.autocast(device_type=\"cuda\"): output = model(input)'; the weight cache (cache_enabled) keeps each 16-bit weight copy for the region"
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
    "shard_degree": 1,
    "adapter_params": 0
  },
  "memory": {
    "per_gpu": {
      "weights_bytes": 32000000000,
      "gradients_bytes": 32000000000,
      "optimizer_bytes": 64000000000,
      "model_states_bytes": 128000000000,
      "activations_bytes": 13154910208,
      "logits_bytes": 3677356032,
      "overhead_bytes": 41600000000,
      "temporaries_bytes": 32000000000,
      "total_bytes": 201600000000,
      "total_bytes_low": 173376000000,
      "total_bytes_high": 229824000000
    },
    "peak_phase": "optimizer",
    "phases": {
      "forward_bytes": 167770672742,
      "backward_bytes": 168873879552,
      "optimizer_bytes": 201600000000
    },
    "cuda_reserve_bytes": 1073741824,
    "user_reserve_bytes": 0,
    "usable_vram_bytes": 84447068160,
    "fits": false,
    "borderline": false,
    "headroom_bytes": -117152931840,
    "host_ram_needed_bytes": 16000000000,
    "host_ram_bytes": null,
    "host_ram_fits": null,
    "disk_checkpoint_bytes": 96000000000,
    "disk_weights_bytes": 16000000000,
    "advice": [
      {
        "kind": "combination",
        "flags": "--strategy zero2 --precision fp8-mixed --lora 16",
        "changes": [
          "strategy",
          "precision",
          "adapters"
        ],
        "changes_training": true,
        "faster": false,
        "strategy": "zero2",
        "precision": "fp8-mixed",
        "lora_rank": 16,
        "quant_base": null,
        "per_gpu_bytes": 33086529013,
        "saved_bytes": 168513470987,
        "tokens_per_second": 52940.01227,
        "cost_per_million_tokens": 0.06650108113
      },
      {
        "kind": "combination",
        "flags": "--strategy zero3 --precision fp8-mixed",
        "changes": [
          "strategy",
          "precision"
        ],
        "changes_training": true,
        "faster": false,
        "strategy": "zero3",
        "precision": "fp8-mixed",
        "per_gpu_bytes": 49750689452,
        "saved_bytes": 151849310548,
        "tokens_per_second": 43608.51406,
        "cost_per_million_tokens": 0.08073120874
      },
      {
        "kind": "strategy",
        "flags": "--strategy zero3",
        "changes": [
          "strategy"
        ],
        "changes_training": false,
        "faster": false,
        "strategy": "zero3",
        "per_gpu_bytes": 50383506759,
        "saved_bytes": 151216493241,
        "tokens_per_second": 35993.31816,
        "cost_per_million_tokens": 0.09781171149
      },
      {
        "kind": "combination",
        "flags": "--strategy zero2 --lora 16",
        "changes": [
          "strategy",
          "adapters"
        ],
        "changes_training": true,
        "faster": false,
        "strategy": "zero2",
        "lora_rank": 16,
        "quant_base": null,
        "per_gpu_bytes": 34631445185,
        "saved_bytes": 166968554815,
        "tokens_per_second": 45144.9464,
        "cost_per_million_tokens": 0.0779836578
      },
      {
        "kind": "combination",
        "flags": "--strategy zero2 --qlora",
        "changes": [
          "strategy",
          "adapters"
        ],
        "changes_training": true,
        "faster": false,
        "strategy": "zero2",
        "lora_rank": 16,
        "quant_base": "nf4",
        "per_gpu_bytes": 23925160451,
        "saved_bytes": 177674839549,
        "tokens_per_second": 40000.71356,
        "cost_per_million_tokens": 0.08801263122
      },
      {
        "kind": "more_gpus",
        "flags": "--gpus 8xH100-SXM --strategy zero3",
        "changes": [
          "strategy",
          "gpus"
        ],
        "changes_training": false,
        "faster": false,
        "strategy": "zero3",
        "gpus_per_node": 8,
        "nodes": 1,
        "per_gpu_bytes": 35683506759,
        "saved_bytes": 165916493241,
        "tokens_per_second": 74367.47092,
        "cost_per_million_tokens": 0.09468032212
      }
    ]
  },
  "time": {
    "step_seconds": 0.303683943,
    "step_seconds_low": 0.2125787601,
    "step_seconds_high": 0.3947891259,
    "compute_seconds": 0.2713758614,
    "comm_seconds": 0.1333633333,
    "exposed_comm_seconds": 0.03230808161,
    "offload_seconds": 0.0,
    "bubble_seconds": 0.0,
    "comm_bytes_per_gpu_per_step": 48000000000,
    "tokens_per_step": 8192,
    "tokens_per_second": 26975.41371,
    "tokens_per_second_per_gpu": 6743.853428,
    "mfu": 0.3276446257,
    "hfu": 0.3276446257,
    "model_flops_per_token": 4.806919311e10,
    "hw_flops_per_token": 4.645858037e10,
    "peak_flops_per_gpu": 9.894e14,
    "efficiency": 0.7137777778,
    "speedup_vs_one_gpu": 3.574451236,
    "train_seconds": null,
    "bottleneck": "compute",
    "bottleneck_text": "compute: the GPUs' arithmetic"
  },
  "cost": {
    "currency": "EUR",
    "price_per_hour": 12.67404498,
    "per_step": 0.001069139987,
    "per_million_tokens": 0.1305102524,
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
