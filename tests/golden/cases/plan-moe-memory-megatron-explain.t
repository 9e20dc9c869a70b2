args: --model qwen3-30b-a3b --gpus 8xH100 --strategy zero3 --framework megatron --explain
rc: 0
--- stdout
Model     qwen3-30b-a3b: 30.532 B parameters (3.353 B active, 3.042 B without the embedding, as MoE cards count)
          48 layers, hidden 2048, 32 heads (4 KV), ffn 6144, vocab 151936
Machine   8 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero3 (N = 8), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 8 = 8 samples of 2048 tokens = 16384 tokens per step
          = 8x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x8 (SGD) / x2.83 (Adam), warmed up
Framework megatron (Megatron-LM / Megatron-Core (NVIDIA)): its defaults here: ckpt none, loss standard, attn flash, fused_kernels true, optimizer_impl fused, logits_kept false, moe_impl megatron, grads_fp32 true (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 8 x tp 1 x pp 1

Framework settings (NVIDIA/Megatron-LM at d98e8a64ddf34856e74b24714e3bedb2f5a39553, read 2026-12-01)
  ckpt               none       NVIDIA/Megatron-LM megatron/core/transformer/transformer_config.py@d98e8a64dd: recompute_granularity: Optional[Literal['full', 'selective']] = None: 'If None, no recompute is performed and all activations are saved' (--recompute-granularity is generated from this field; --recompute-activations sets 'selective')
  loss               standard   NVIDIA/Megatron-LM megatron/core/tensor_parallel/cross_entropy.py@d98e8a64dd: cross_entropy_loss_fusion: bool = False (model_parallel_config.py), so compute_language_model_loss calls tensor_parallel.vocab_parallel_cross_entropy: calculate_logits_max does vocab_parallel_logits = vocab_parallel_logits.float(), exp in place, ctx.save_for_backward(exp_logits, ...) (fp32 softmax); the fused native path also upcasts (it reuses calculate_logits_max) and only casts the gradient to bf16
  attn               flash      NVIDIA/Megatron-LM megatron/core/transformer/transformer_config.py@d98e8a64dd: attention_backend: AttnBackend = AttnBackend.auto: 'By default we let transformer engine decide the best backend to run' (TE DotProductAttention: flash or cuDNN fused attention); transformer_impl defaults to 'transformer_engine'
  fused_kernels      true       NVIDIA/Megatron-LM megatron/training/arguments.py@d98e8a64dd: opt-out flags, so fusions are on by default: --no-masked-softmax-fusion, --no-bias-gelu-fusion, --no-bias-swiglu-fusion, --no-bias-dropout-fusion, --no-rope-fusion, --no-gradient-accumulation-fusion are action='store_false'; norms run inside TE's LayerNormLinear
  optimizer_impl     fused      NVIDIA/Megatron-LM megatron/core/optimizer/__init__.py@d98e8a64dd: --optimizer default 'adam'; 'from transformer_engine.pytorch.optimizers import FusedAdam as Adam', else 'from apex.optimizers import FusedAdam as Adam', torch's AdamW only when neither is installed
  logits_kept        false      NVIDIA/Megatron-LM megatron/core/tensor_parallel/cross_entropy.py@d98e8a64dd: _VocabParallelCrossEntropy saves only the fp32 softmax (exp_logits), target_mask and masked_target_1d; GPTModel returns the loss, so the bf16 logits are not held to backward
  moe_impl           megatron   NVIDIA/Megatron-LM megatron/core/transformer/moe/experts.py@d98e8a64dd: TEGroupedMLP.forward: fc1 (TE GroupedLinear) on the permuted tokens, then weighted_bias_swiglu_impl(intermediate_parallel, bias_parallel, permuted_probs, ...) under bias_activation_fusion (probs applied in the activation), fc2; the tokens come from MoEAlltoAllTokenDispatcher's permute (moe_utils.py: tokens.index_select(0, sorted_indices)), all_to_all and sort_chunks_by_idxs (token_dispatcher.py); router: topk on the logits, softmax over the k in fp32, aux loss's own fp32 softmax (moe_utils.py topk_softmax_with_capacity, compute_routing_scores_for_aux_loss)
  grads_fp32         true       NVIDIA/Megatron-LM megatron/training/arguments.py@d98e8a64dd: if args.bf16: ... elif not args.accumulate_allreduce_grads_in_fp32 and args.main_grads_dtype == torch.float32: args.accumulate_allreduce_grads_in_fp32 = True ('accumulate and all-reduce gradients in fp32 for bfloat16 data type'; --main-grads-dtype default 'fp32'): 4-byte main_grad buffer

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                     7.63 GB
      = 2 B × 30,532,122,624 params / 8 GPUs = 7,633,030,656 bytes
        (Rajbhandari et al. 2020 (ZeRO), Fig. 1: 16-bit weights, 2 B/param (4 in fp32); QLoRA base NF4 4.127 bits (Dettmers et al. 2023))
  gradients             4·Ψ/N                    15.27 GB
      = 4 B × 30,532,122,624 trained params / 8 GPUs = 15,266,061,312 bytes
        (Rajbhandari et al. 2020 (ZeRO), Fig. 1: gradients in the training dtype, 2 B/param (4 in fp32); LoRA: adapters only)
  optimizer states      12·Ψ/N                   45.80 GB
      = 12 B × 30,532,122,624 trained params / 8 GPUs = 45,798,183,936 bytes
        (Rajbhandari et al. 2020 (ZeRO), Fig. 1: K = 12 = fp32 master + Adam m + v (mixed precision))
  activations           L'·m·A_layer             10.50 GB
      = 48 layers × 1 micro-batches × 215,580,672 B + 4sbh + MoE GEMM workspace = 10,498,867,200 bytes
        (Korthikanti et al. 2022, Table 2, per architecture (docs/activations.md))
      MoE layer (megatron, 16384 routed copies): router 1,245,184 B + routed 142,770,176 B + shared experts 0 B; kept to backward 144,015,360 B; dispatch buffers while it runs 135,528,448 B; grouped GEMM workspace 134,217,728 B
  logits + loss         12·s·b·V                  3.73 GB
      = 12 B × 311,164,928 logits (10 B until backward) = 3,733,979,136 bytes
        (bf16 logits, fp32 copy and log-softmax (+ fp32 gradient in backward); torchtune chunked loss: 8 chunks; fused linear cross-entropy (Liger): one chunk)
  comm. buffers         3·w·Ψ_unit                3.74 GB
      = 3,738,724,096 bytes
        (PyTorch DDP: a bucket copy of the gradients unless gradient_as_bucket_view; DeepSpeed ZeRO-1/2: one reduce bucket of reduce_bucket_size (5e8), two with overlap_comm (stage_1_and_2.py setup_buckets); ZeRO-3 gathered units (DeepSpeed estimate_zero3_model_states_mem_needs) and DeepSpeed's reduce bucket (stage3.py); FSDP with an fp32 reduce_dtype: FSDP1's fp32 copy of the flat gradient, FSDP2's fp32 reduce_scatter_input)
  allocator slack       0.05·peak                 3.62 GB
      = 0.05 × peak = 3,621,800,000 bytes
        (PyTorch caching allocator: reserved exceeds allocated (hwdb/defaults.yaml))
  model states                                   68.70 GB
  total at peak (optimizer step)                 76.06 GB ± 15.97 GB
  phases                forward 74.32, backward 74.97, optimizer step 76.06 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)
      = nvidia-smi total: usable = total - CUDA context and library reserve (hwdb/defaults.yaml) - your --reserve

Verdict   BORDERLINE: 8.39 GB headroom ± 15.97 GB per GPU (the band crosses the usable memory: it may run out of memory; the changes below make it fit)
Disk      427.45 GB per checkpoint with optimizer states (whole job); 61.06 GB for a weights-only export

Changes that make it fit (flags to add, fastest first; tokens/s of the whole job):
  --precision bf16: 25,436 tokens/s at 0.277 EUR per million, 42.9 GB per GPU (saves 33.1 GB); changes the training: pure bf16 weights (no fp32 master)
  --optimizer adamw-8bit: 23,419 tokens/s at 0.301 EUR per million, 52.1 GB per GPU (saves 23.9 GB); changes the training: 8-bit optimizer states
  --offload optimizer: 1,554 tokens/s at 4.53 EUR per million, 26.9 GB per GPU (saves 49.2 GB); the same training
  --gpus 8xH100-SXM --nodes 2 --strategy zero3: 31,926 tokens/s on 16 GPUs at 0.441 EUR per million, 46.9 GB per GPU; the same training
  (3 more in --json)

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.560 s
      = 2.067e+10 FLOP/token × 16384 tokens / 8 GPUs / (989.4 TFLOP/s × 0.64) + attention + 135 GB memory-bound = 0.5599 s (the CPU issuing operators sets the pace)
        (6·N + attention FLOPs (PaLM App. B) at the GPU's measured GEMM peak (MAMF, or its measured shapes: hwdb/gemm_efficiency.yaml); memory-bound kernels at 80 % of HBM)
  data-parallel comm.   exposed of ring collectives       0.140 s
      = 0.1397 s
        (ring all-reduce 2(n-1)/n·S, all-gather (n-1)/n·S (nccl-tests PERFORMANCE.md); overlap with backward)
    MoE experts         F_exp/(peak·eff(M))               0.102 s
      = M = s·b·k·ep/E = 128 tokens per expert (128 local experts); grouped GEMM at 0.42 of large-M rate x K factor 0.65 = eff 0.22; 22.3 TFLOP = 0.1019 s
        (grouped GEMM rate by tokens per expert: DeepGEMM README @327ec92 (hwdb/grouped_gemm.yaml); part of compute)
    MoE dispatch        B/HBM+syncs+counts                0.011 s
      = 26.4 GB copies/router + 0 GB FP8 casts, 48 host syncs, counts 0 s = 0.01109 s
        (router, permute/unpermute, token counts, host sync: Megatron-LM token_dispatcher.py @0014f13; part of compute)
  communication (all)                                     0.594 s  (0.140 s exposed; 213.72 GB per GPU)
  step                                                    0.700 s  (0.462–0.937)

Throughput  23,419 tokens/s (whole job), 2,927 per GPU
MFU         6.8% (HFU 6.8% with recomputation; peak 989 TFLOP/s per GPU at 64% GEMM efficiency)
Speed-up    7.47x vs one GPU (93% of linear over 8 GPUs)
Bottleneck: the host CPU: 80% of the step is the CPU issuing eager PyTorch's operators, slower than the GPUs run them (torch.compile: --compile)
Cost        25.35 EUR/h for 8 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.004926 EUR per step, 0.3007 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
