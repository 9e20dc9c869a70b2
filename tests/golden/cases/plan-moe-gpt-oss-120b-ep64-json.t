args: --model gpt-oss-120b --gpus 8xH100 --nodes 8 --network 8xib-ndr --strategy zero3 --ep 64 --seq 4096 --micro-batch 2 --grad-accum 4 --fused-kernels --json --explain
rc: 0
--- stdout
{
  "schema": 1,
  "vfplan_version": "0.1.0",
  "vfplan_commit": "COMMIT",
  "data_date": "2026-11-30",
  "model": {
    "name": "gpt-oss-120b",
    "family": "gpt_oss",
    "params": 116829156672,
    "active_params": 5711982912,
    "layers": 36,
    "hidden": 2880,
    "heads": 64,
    "kv_heads": 8,
    "ffn": 2880,
    "vocab": 201088,
    "active_params_no_embedding": 5132849472,
    "vision_params": 0,
    "read_as": null,
    "checkpoint_params": null,
    "checkpoint_bytes": null,
    "checkpoint_source": null,
    "checkpoint_kv_dtype": null
  },
  "machine": {
    "gpu": "H100-SXM",
    "count": 8,
    "nodes": 8,
    "total_gpus": 64,
    "vram_bytes": 85520809984,
    "vram_measured": true,
    "link": "nvlink4-switch",
    "link_bw_bytes_per_s": 450000000000,
    "host_ram_bytes": null,
    "price_per_hour": null,
    "currency": null,
    "network": "ib-ndr",
    "nics_per_node": 8,
    "network_bw_bytes_per_s_per_gpu": 50000000000
  },
  "job": {
    "kind": "train",
    "strategy": "zero3",
    "strategy_auto": false,
    "strategy_why": null,
    "seq": 4096,
    "micro_batch": 2,
    "grad_accum": 4,
    "global_batch": 512,
    "tokens_per_step": 2097152,
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
    "param_sync_overlap": false,
    "opt_in_backward": false,
    "act_offload": false,
    "compile": false,
    "fused_kernels": true,
    "ckpt_every": null,
    "lora_head": false,
    "lora_dropout": 0.0,
    "lora_fp32": false,
    "nf4_double_quant": true,
    "ddp_bucket_view": false,
    "fsdp_version": 2,
    "optimizer_impl": "foreach",
    "moe_impl": "eager",
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
          "key": "loss",
          "value": "standard",
          "repo": "pytorch/pytorch",
          "file": "aten/src/ATen/autocast_mode.h",
          "commit": "d70fe7f33910bbe8bc8b6027388a84bb102a453d",
          "says": "AT_FORALL_FP32_SET_OPT_DTYPE lists log_softmax (and AT_FORALL_FP32 nll_loss): under autocast, F.cross_entropy = log_softmax + nll_loss runs on the logits upcast to fp32 and saves the fp32 log-softmax, while linear/matmul (AT_FORALL_LOWER_PRECISION_FP) give bf16 logits",
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
    "ep": 64,
    "moe_dispatcher": "alltoall",
    "a2a_overlap": "none",
    "etp": 1,
    "sp": false,
    "dp": 64,
    "shard_degree": 64,
    "adapter_params": 0
  },
  "memory": {
    "per_gpu": {
      "weights_bytes": 3650911146,
      "gradients_bytes": 3650911146,
      "optimizer_bytes": 21905466876,
      "model_states_bytes": 29207289168,
      "activations_bytes": 53356658688,
      "logits_bytes": 23062380544,
      "overhead_bytes": 25523722134,
      "temporaries_bytes": 7301822292,
      "total_bytes": 131150050534,
      "total_bytes_low": 103608539922,
      "total_bytes_high": 158691561146
    },
    "peak_phase": "backward",
    "phases": {
      "forward_bytes": 124231336370,
      "backward_bytes": 131150050534,
      "optimizer_bytes": 58576972747
    },
    "cuda_reserve_bytes": 1073741824,
    "user_reserve_bytes": 0,
    "usable_vram_bytes": 84447068160,
    "fits": false,
    "borderline": false,
    "headroom_bytes": -46702982374,
    "moe": {
      "slots": 32768,
      "router_bytes": 4620288,
      "routed_bytes": 1133051904,
      "shared_bytes": 0,
      "kept_bytes": 1137672192,
      "transient_bytes": 80740352,
      "workspace_bytes": 0
    },
    "host_ram_needed_bytes": 233658313344,
    "host_ram_bytes": null,
    "host_ram_fits": null,
    "disk_checkpoint_bytes": 1635608193408,
    "disk_weights_bytes": 233658313344,
    "advice": [
      {
        "kind": "combination",
        "flags": "--precision bf16 --optimizer adafactor --micro-batch 1 --grad-accum 8",
        "changes": [
          "precision",
          "optimizer",
          "micro_batch"
        ],
        "changes_training": true,
        "faster": false,
        "precision": "bf16",
        "optimizer": "adafactor",
        "micro_batch": 1,
        "grad_accum": 8,
        "per_gpu_bytes": 68037289354,
        "saved_bytes": 63112761180,
        "tokens_per_second": 336134.507,
        "cost_per_million_tokens": 0.1675790127
      },
      {
        "kind": "combination",
        "flags": "--micro-batch 1 --grad-accum 8 --offload optimizer",
        "changes": [
          "micro_batch",
          "offload"
        ],
        "changes_training": false,
        "faster": false,
        "micro_batch": 1,
        "grad_accum": 8,
        "offload": "optimizer",
        "per_gpu_bytes": 64195858014,
        "saved_bytes": 66954192520,
        "tokens_per_second": 327785.6962,
        "cost_per_million_tokens": 0.1718473059
      },
      {
        "kind": "more_gpus",
        "flags": "--gpus 8xH100-SXM --nodes 16 --strategy zero3 --ckpt full",
        "changes": [
          "checkpointing",
          "gpus"
        ],
        "changes_training": false,
        "faster": false,
        "strategy": "zero3",
        "checkpointing": "full",
        "gpus_per_node": 8,
        "nodes": 16,
        "per_gpu_bytes": 63312711042,
        "saved_bytes": 67837339492,
        "tokens_per_second": 559153.4124,
        "cost_per_million_tokens": 0.2014799072
      }
    ],
    "explain": [
      {
        "term": "weights",
        "label": "weights",
        "formula": "2·Ψ/N",
        "substituted": "2 B × 116,829,156,672 params / 64 GPUs = 3,650,911,146 bytes",
        "bytes": 3650911146,
        "reference": "Rajbhandari et al. 2020 (ZeRO), Fig. 1: 16-bit weights, 2 B/param (4 in fp32); QLoRA base NF4 4.127 bits (Dettmers et al. 2023)"
      },
      {
        "term": "gradients",
        "label": "gradients",
        "formula": "2·Ψ/N",
        "substituted": "2 B × 116,829,156,672 trained params / 64 GPUs = 3,650,911,146 bytes",
        "bytes": 3650911146,
        "reference": "Rajbhandari et al. 2020 (ZeRO), Fig. 1: gradients in the training dtype, 2 B/param (4 in fp32); LoRA: adapters only"
      },
      {
        "term": "optimizer",
        "label": "optimizer states",
        "formula": "12·Ψ/N",
        "substituted": "12 B × 116,829,156,672 trained params / 64 GPUs = 21,905,466,876 bytes",
        "bytes": 21905466876,
        "reference": "Rajbhandari et al. 2020 (ZeRO), Fig. 1: K = 12 = fp32 master + Adam m + v (mixed precision)"
      },
      {
        "term": "activations",
        "label": "activations",
        "formula": "L'·m·A_layer",
        "substituted": "36 layers × 1 micro-batches × 1,479,507,968 B + 4sbh = 53,356,658,688 bytes",
        "bytes": 53356658688,
        "reference": "Korthikanti et al. 2022, Table 2, per architecture (docs/activations.md)"
      },
      {
        "term": "logits",
        "label": "logits + loss",
        "formula": "14·s·b·V",
        "substituted": "14 B × 1,647,312,896 logits (10 B until backward) = 23,062,380,544 bytes",
        "bytes": 23062380544,
        "reference": "bf16 logits, fp32 copy and log-softmax (+ fp32 gradient in backward); torchtune chunked loss: 8 chunks; fused linear cross-entropy (Liger): one chunk"
      },
      {
        "term": "buffers",
        "label": "comm. buffers",
        "formula": "3·w·Ψ_unit",
        "substituted": "19,278,481,632 bytes",
        "bytes": 19278481632,
        "reference": "PyTorch DDP: a bucket copy of the gradients unless gradient_as_bucket_view; DeepSpeed ZeRO-1/2: one reduce bucket of reduce_bucket_size (5e8), two with overlap_comm (stage_1_and_2.py setup_buckets); ZeRO-3 gathered units (DeepSpeed estimate_zero3_model_states_mem_needs) and DeepSpeed's reduce bucket (stage3.py); FSDP with an fp32 reduce_dtype: FSDP1's fp32 copy of the flat gradient, FSDP2's fp32 reduce_scatter_input"
      },
      {
        "term": "temporaries",
        "label": "optimizer step temp.",
        "formula": "one moment (step)",
        "substituted": "7,301,822,292 bytes (the optimizer step only)",
        "bytes": 7301822292,
        "reference": "torch.optim.AdamW foreach (_multi_tensor_adam): one list the size of the second moments, in their dtype; autocast's 16-bit weight copies (its cache, and saved for backward); bitsandbytes MatMul4Bit.backward: dequantize_4bit of one matrix; auto-gptq qlinear_cuda_old forward: the dequantised fp16 matrix torch.matmul saves; LitGPT fit(): the previous step's logits and graph"
      },
      {
        "term": "fragmentation",
        "label": "allocator slack",
        "formula": "0.05·peak",
        "substituted": "0.05 × peak = 6,245,240,502 bytes",
        "bytes": 6245240502,
        "reference": "PyTorch caching allocator: reserved exceeds allocated (hwdb/defaults.yaml)"
      }
    ]
  },
  "time": {
    "step_seconds": 5.095020858,
    "step_seconds_low": 3.362713766,
    "step_seconds_high": 6.827327949,
    "compute_seconds": 2.364054862,
    "comm_seconds": 3.177390836,
    "exposed_comm_seconds": 2.730965995,
    "offload_seconds": 0.0,
    "bubble_seconds": 0.0,
    "comm_bytes_per_gpu_per_step": 200548131336,
    "tokens_per_step": 2097152,
    "tokens_per_second": 411608.1285,
    "tokens_per_second_per_gpu": 6431.377008,
    "mfu": 0.2252182418,
    "hfu": 0.2252182418,
    "model_flops_per_token": 3.46474679e10,
    "hw_flops_per_token": 3.272228237e10,
    "peak_flops_per_gpu": 9.894e14,
    "efficiency": 0.681802579,
    "speedup_vs_one_gpu": 51.10667615,
    "train_seconds": null,
    "bottleneck": "network",
    "bottleneck_text": "the network between nodes: the step waits on it",
    "explain": [
      {
        "term": "compute",
        "label": "compute",
        "formula": "F_hw·T/(G·peak·eff)+B/HBM",
        "substituted": "3.272e+10 FLOP/token × 2.09715e+06 tokens / 64 GPUs / (989.4 TFLOP/s × 0.68) + attention + 515 GB memory-bound = 2.364 s (the CPU issuing operators sets the pace)",
        "seconds": 2.364054862,
        "reference": "6·N + attention FLOPs (PaLM App. B) at the GPU's measured GEMM peak (MAMF, or its measured shapes: hwdb/gemm_efficiency.yaml); memory-bound kernels at 80 % of HBM"
      },
      {
        "term": "dp_comm",
        "label": "data-parallel comm.",
        "formula": "exposed of ring collectives",
        "substituted": "0.104 s",
        "seconds": 0.1040373551,
        "reference": "ring all-reduce 2(n-1)/n·S, all-gather (n-1)/n·S (nccl-tests PERFORMANCE.md); overlap with backward"
      },
      {
        "term": "tp_comm",
        "label": "tensor-parallel comm.",
        "formula": "4·L·allreduce(2sbh)",
        "substituted": "0 s",
        "seconds": 0.0,
        "reference": "Megatron-LM: two all-reduces per layer forward, two backward (Shoeybi et al. 2019)"
      },
      {
        "term": "pipeline",
        "label": "pipeline bubble",
        "formula": "(p-1)/(v·m)·compute",
        "substituted": "0 s",
        "seconds": 0.0,
        "reference": "Narayanan et al. 2021, §2.2: 1F1B bubble"
      },
      {
        "term": "offload",
        "label": "offload",
        "formula": "4·Ψ/N/PCIe + Ψ/N/CPU",
        "substituted": "0 s",
        "seconds": 0.0,
        "reference": "ZeRO-Offload (Ren et al. 2021): gradients down, parameters up, CPU-Adam"
      },
      {
        "term": "ep_comm",
        "label": "expert all-to-all",
        "formula": "(4|6)·L_moe·a2a(sbkh·2B), per expert",
        "substituted": "alltoall: a token's 4 experts on 3.95 of 64 GPUs, 3.34 of 8 nodes; 2.95 MB to each GPU; per a2a 20.6 MB link + 165 MB net, 4.56 ms",
        "seconds": 2.62692864,
        "reference": "dispatch and combine per MoE layer: Megatron's and torchtitan's alltoall a copy per expert, DeepEP one per GPU and node (moe_dispatch.c)"
      },
      {
        "term": "moe_experts",
        "label": "  MoE experts",
        "formula": "F_exp/(peak·eff(M))",
        "substituted": "M = s·b·k·ep/E = 16384 tokens per expert (2 local experts); grouped GEMM at 1.00 of large-M rate x K factor 0.85 = eff 0.68; 704 TFLOP = 1.044 s",
        "seconds": 1.044333867,
        "reference": "grouped GEMM rate by tokens per expert: DeepGEMM README @327ec92 (hwdb/grouped_gemm.yaml); part of compute"
      },
      {
        "term": "moe_dispatch",
        "label": "  MoE dispatch",
        "formula": "B/HBM+syncs+counts",
        "substituted": "442 GB copies/router + 0 GB FP8 casts, 144 host syncs, counts 0.181 s = 0.3502 s",
        "seconds": 0.3501516105,
        "reference": "router, permute/unpermute, token counts, host sync: Megatron-LM token_dispatcher.py @0014f13; part of compute"
      }
    ]
  },
  "cost": {
    "currency": "EUR",
    "price_per_hour": 202.7847197,
    "per_step": 0.2869978824,
    "per_million_tokens": 0.1368512547,
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
