args: --model llama-3.1-70b --gpus 64xGB200 --framework megatron --strategy zero1 --tp 2 --pp 4 --virtual-stages 5 --seq 8192 --micro-batch 1 --global-batch 256 --precision nvfp4 --explain
rc: 0
--- stdout
Model     llama-3.1-70b: 70.554 B parameters
          80 layers, hidden 8192, 64 heads (8 KV), ffn 28672, vocab 128256
Machine   64 x GB200 (186 GB HBM3e, 198.67 GB each), link nvlink5-nvl72 (900.0 GB/s per direction)
          one GB200 NVL72 NVLink domain per node: 72 GPUs in 18 trays of 4; --nodes counts racks
Job       train, zero1 (N = 8), nvfp4, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 32 x dp 8 = 256 samples of 8192 tokens = 2097152 tokens per step
Framework megatron (Megatron-LM / Megatron-Core (NVIDIA)): its defaults here: ckpt none, loss standard, attn flash, fused_kernels true, optimizer_impl fused, logits_kept false, grads_fp32 true (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 8 x tp 2 x pp 4 (5 virtual stages each)

Framework settings (NVIDIA/Megatron-LM at d98e8a64ddf34856e74b24714e3bedb2f5a39553, read 2026-12-01)
  ckpt               none       NVIDIA/Megatron-LM megatron/core/transformer/transformer_config.py@d98e8a64dd: recompute_granularity: Optional[Literal['full', 'selective']] = None: 'If None, no recompute is performed and all activations are saved' (--recompute-granularity is generated from this field; --recompute-activations sets 'selective')
  loss               standard   NVIDIA/Megatron-LM megatron/core/tensor_parallel/cross_entropy.py@d98e8a64dd: cross_entropy_loss_fusion: bool = False (model_parallel_config.py), so compute_language_model_loss calls tensor_parallel.vocab_parallel_cross_entropy: calculate_logits_max does vocab_parallel_logits = vocab_parallel_logits.float(), exp in place, ctx.save_for_backward(exp_logits, ...) (fp32 softmax); the fused native path also upcasts (it reuses calculate_logits_max) and only casts the gradient to bf16
  attn               flash      NVIDIA/Megatron-LM megatron/core/transformer/transformer_config.py@d98e8a64dd: attention_backend: AttnBackend = AttnBackend.auto: 'By default we let transformer engine decide the best backend to run' (TE DotProductAttention: flash or cuDNN fused attention); transformer_impl defaults to 'transformer_engine'
  fused_kernels      true       NVIDIA/Megatron-LM megatron/training/arguments.py@d98e8a64dd: opt-out flags, so fusions are on by default: --no-masked-softmax-fusion, --no-bias-gelu-fusion, --no-bias-swiglu-fusion, --no-bias-dropout-fusion, --no-rope-fusion, --no-gradient-accumulation-fusion are action='store_false'; norms run inside TE's LayerNormLinear
  optimizer_impl     fused      NVIDIA/Megatron-LM megatron/core/optimizer/__init__.py@d98e8a64dd: --optimizer default 'adam'; 'from transformer_engine.pytorch.optimizers import FusedAdam as Adam', else 'from apex.optimizers import FusedAdam as Adam', torch's AdamW only when neither is installed
  logits_kept        false      NVIDIA/Megatron-LM megatron/core/tensor_parallel/cross_entropy.py@d98e8a64dd: _VocabParallelCrossEntropy saves only the fp32 softmax (exp_logits), target_mask and masked_target_1d; GPTModel returns the loss, so the bf16 logits are not held to backward
  grads_fp32         true       NVIDIA/Megatron-LM megatron/training/arguments.py@d98e8a64dd: if args.bf16: ... elif not args.accumulate_allreduce_grads_in_fp32 and args.main_grads_dtype == torch.float32: args.accumulate_allreduce_grads_in_fp32 = True ('accumulate and all-reduce gradients in fp32 for bfloat16 data type'; --main-grads-dtype default 'fp32'): 4-byte main_grad buffer

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ+2·(1/2+1/16)·Ψ_lin(nvfp4)       27.79 GB
      = 3.0599 B × 9,081,881,600 params = 27,789,690,880 bytes (this GPU's share of t·p)
        (Rajbhandari et al. 2020 (ZeRO), Fig. 1: 16-bit weights, 2 B/param (4 in fp32); QLoRA base NF4 4.127 bits (Dettmers et al. 2023))
  gradients             4·Ψ                                 36.33 GB
      = 4 B × 9,081,881,600 trained params = 36,327,526,400 bytes
        (Rajbhandari et al. 2020 (ZeRO), Fig. 1: gradients in the training dtype, 2 B/param (4 in fp32); LoRA: adapters only)
  optimizer states      12·Ψ/N                              13.62 GB
      = 12 B × 9,081,881,600 trained params / 8 GPUs = 13,622,822,400 bytes
        (Rajbhandari et al. 2020 (ZeRO), Fig. 1: K = 12 = fp32 master + Adam m + v (mixed precision))
  activations           L'·m·A_layer                       116.80 GB
      = 20 layers × 4.6 micro-batches × 1,266,679,808 B + 4sbh = 116,802,977,792 bytes
        (Korthikanti et al. 2022, Table 2, per architecture (docs/activations.md))
  allocator slack       0.05·peak                            9.73 GB
      = 0.05 × peak = 9,727,150,874 bytes
        (PyTorch caching allocator: reserved exceeds allocated (hwdb/defaults.yaml))
  model states                                              77.74 GB
  total at peak (forward)                                  204.27 GB ± 42.90 GB
  phases                forward 204.27, backward 204.27, optimizer step 81.63 GB
  usable per GPU                                           197.60 GB  (198.67 total - 1.07 CUDA reserve)
      = nvidia-smi total: usable = total - CUDA context and library reserve (hwdb/defaults.yaml) - your --reserve

Verdict   BORDERLINE: 6.67 GB short ± 42.90 GB per GPU (the band crosses the usable memory: it may run out of memory; the changes below make it fit)
Disk      987.75 GB per checkpoint with optimizer states (whole job); 141.11 GB for a weights-only export

Changes that make it fit (flags to add, fastest first; tokens/s of the whole job):
  --strategy zero2 --optimizer adafactor: 361,255 tokens/s at 0.461 EUR per million, 161.4 GB per GPU (saves 42.9 GB); changes the training: Adafactor's factored states
  --lora 16: 354,581 tokens/s at 0.47 EUR per million, 142.1 GB per GPU (saves 62.2 GB); changes the training: adapters on a frozen base
  --strategy zero3: 333,156 tokens/s at 0.5 EUR per million, 148.4 GB per GPU (saves 55.9 GB); the same training

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM          5.16 s
      = 4.492e+11 FLOP/token × 2.09715e+06 tokens / 64 GPUs / (6587 TFLOP/s × 0.65) + attention + 6.21e+03 GB memory-bound, x 1.045 slowest stage = 5.164 s
        (6·N + attention FLOPs (PaLM App. B) at the GPU's measured GEMM peak (MAMF, or its measured shapes: hwdb/gemm_efficiency.yaml); memory-bound kernels at 80 % of HBM)
  data-parallel comm.   exposed of ring collectives       0.030 s
      = 0.02958 s
        (ring all-reduce 2(n-1)/n·S, all-gather (n-1)/n·S (nccl-tests PERFORMANCE.md); overlap with backward)
  tensor-parallel comm. 4·L·allreduce(2sbh)               0.503 s
      = 0.5028 s
        (Megatron-LM: two all-reduces per layer forward, two backward (Shoeybi et al. 2019))
  pipeline bubble       (p-1)/(v·m)·compute               0.109 s
      = 0.1088 s
        (Narayanan et al. 2021, §2.2: 1F1B bubble)
  communication (all)                                     0.567 s  (0.532 s exposed; 398.49 GB per GPU)
  step                                                     5.81 s  (3.83–7.78)

Throughput  361,255 tokens/s (whole job), 5,645 per GPU
MFU         41.3% (HFU 41.3% with recomputation; peak 6587 TFLOP/s per GPU at 65% GEMM efficiency)
Speed-up    50.09x vs one GPU (78% of linear over 64 GPUs)
Bottleneck: compute: 89% of the step is the GPUs' arithmetic
Cost        599.8 EUR/h for 64 GPUs (reference price: median over providers of 3 catalog offers for GB200; give --offer or --price for yours)
            0.9672 EUR per step, 0.4612 EUR per million tokens
--- stderr
