args: plan --model 8B --gpus 4xH100 --strategy zero3 --explain
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          read as the shape of Llama 3.1 8B, vocabulary 128,256; FFN 14,259 solved for the exact count (its own: 14,336)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14259, vocab 128256
Machine   4 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero3 (N = 4), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 4 = 4 samples of 2048 tokens = 8192 tokens per step
          = 4x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x4 (SGD) / x2 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 4 x tp 1 x pp 1

Framework settings (pytorch/pytorch torch/optim/adamw.py, torch/nn/parallel/distributed.py, aten/src/ATen/autocast_mode.h, torch/utils/checkpoint.py, read 2026-12-01)
  ckpt               none       pytorch/pytorch torch/utils/checkpoint.py@4b804b8500: checkpointing is opt-in: only the function passed to torch.utils.checkpoint.checkpoint(function, *args) 'does not save intermediate activations'; a plain loop calls none, so autograd keeps every activation
  loss               standard   pytorch/pytorch aten/src/ATen/autocast_mode.h@d70fe7f339: AT_FORALL_FP32_SET_OPT_DTYPE lists log_softmax (and AT_FORALL_FP32 nll_loss): under autocast, F.cross_entropy = log_softmax + nll_loss runs on the logits upcast to fp32 and saves the fp32 log-softmax, while linear/matmul (AT_FORALL_LOWER_PRECISION_FP) give bf16 logits
  optimizer_impl     foreach    pytorch/pytorch torch/optim/adamw.py@c15fcf4eb7: AdamW(..., foreach: Optional[bool] = None, fused: Optional[bool] = None); adamw(): 'if fused is None and foreach is None: _, foreach = _default_to_fused_or_foreach(params, differentiable, use_fused=False)' - foreach (multi-tensor) for CUDA tensors, fused only when asked

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                     4.00 GB
      = 2 B × 8,000,000,000 params / 4 GPUs = 4,000,000,000 bytes
        (Rajbhandari et al. 2020 (ZeRO), Fig. 1: 16-bit weights, 2 B/param (4 in fp32); QLoRA base NF4 4.127 bits (Dettmers et al. 2023))
  gradients             2·Ψ/N                     4.00 GB
      = 2 B × 8,000,000,000 trained params / 4 GPUs = 4,000,000,000 bytes
        (Rajbhandari et al. 2020 (ZeRO), Fig. 1: gradients in the training dtype, 2 B/param (4 in fp32); LoRA: adapters only)
  optimizer states      12·Ψ/N                   24.00 GB
      = 12 B × 8,000,000,000 trained params / 4 GPUs = 24,000,000,000 bytes
        (Rajbhandari et al. 2020 (ZeRO), Fig. 1: K = 12 = fp32 master + Adam m + v (mixed precision))
  activations           L'·m·A_layer             13.15 GB
      = 32 layers × 1 micro-batches × 410,042,368 B + 4sbh = 13,154,910,208 bytes
        (Korthikanti et al. 2022, Table 2, per architecture (docs/activations.md))
  logits + loss         14·s·b·V                  3.68 GB
      = 14 B × 262,668,288 logits (10 B until backward) = 3,677,356,032 bytes
        (bf16 logits, fp32 copy and log-softmax (+ fp32 gradient in backward); torchtune chunked loss: 8 chunks; fused linear cross-entropy (Liger): one chunk)
  comm. buffers         3·w·Ψ_unit                3.15 GB
      = 3,152,025,911 bytes
        (PyTorch DDP: a bucket copy of the gradients unless gradient_as_bucket_view; DeepSpeed ZeRO-1/2: one reduce bucket of reduce_bucket_size (5e8), two with overlap_comm (stage_1_and_2.py setup_buckets); ZeRO-3 gathered units (DeepSpeed estimate_zero3_model_states_mem_needs) and DeepSpeed's reduce bucket (stage3.py); FSDP with an fp32 reduce_dtype: FSDP1's fp32 copy of the flat gradient, FSDP2's fp32 reduce_scatter_input)
  optimizer step temp.  one moment (step)         8.00 GB
      = 8,000,000,000 bytes (the optimizer step only)
        (torch.optim.AdamW foreach (_multi_tensor_adam): one list the size of the second moments, in their dtype; autocast's 16-bit weight copies (its cache, and saved for backward); bitsandbytes MatMul4Bit.backward: dequantize_4bit of one matrix; auto-gptq qlinear_cuda_old forward: the dequantised fp16 matrix torch.matmul saves; LitGPT fit(): the previous step's logits and graph)
  allocator slack       0.05·peak                 2.40 GB
      = 0.05 × peak = 2,399,214,608 bytes
        (PyTorch caching allocator: reserved exceeds allocated (hwdb/defaults.yaml))
  model states                                   32.00 GB
  total at peak (backward)                       50.38 GB ± 10.58 GB
  phases                forward 49.28, backward 50.38, optimizer step 45.31 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)
      = nvidia-smi total: usable = total - CUDA context and library reserve (hwdb/defaults.yaml) - your --reserve

Verdict   FITS: 34.06 GB headroom ± 10.58 GB per GPU (60% of usable memory used)
Disk      112.00 GB per checkpoint with optimizer states (whole job); 16.00 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.209 s
      = 4.646e+10 FLOP/token × 8192 tokens / 4 GPUs / (989.4 TFLOP/s × 0.71) + attention + 172 GB memory-bound = 0.2087 s
        (6·N + attention FLOPs (PaLM App. B) at the GPU's measured GEMM peak (MAMF, or its measured shapes: hwdb/gemm_efficiency.yaml); memory-bound kernels at 80 % of HBM)
  data-parallel comm.   exposed of ring collectives       0.019 s
      = 0.01891 s
        (ring all-reduce 2(n-1)/n·S, all-gather (n-1)/n·S (nccl-tests PERFORMANCE.md); overlap with backward)
  communication (all)                                     0.100 s  (0.019 s exposed; 36.00 GB per GPU)
  step                                                    0.228 s  (0.150–0.305)

Throughput  35,994 tokens/s (whole job), 8,998 per GPU
MFU         43.7% (HFU 43.7% with recomputation; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Speed-up    4.77x vs one GPU (119% of linear over 4 GPUs): above linear, since each GPU steps only its shard of the optimizer (as in the ZeRO paper)
Bottleneck: compute: 92% of the step is the GPUs' arithmetic
Cost        12.67 EUR/h for 4 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.0008013 EUR per step, 0.09781 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
