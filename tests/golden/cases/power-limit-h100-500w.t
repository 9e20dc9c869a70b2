args: --model llama-3.1-8b --gpus 8xH100-SXM --strategy zero3 --seq 8192 --micro-batch 2 --framework torchtitan --power-limit 500
rc: 0
--- stdout
Model     llama-3.1-8b: 8.030 B parameters
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14336, vocab 128256
Machine   8 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
          power limit 500 W of 700 W TDP: tensor throughput 0.72, HBM bandwidth 1.00 of the TDP's (hopper curve, hwdb/power_curves.yaml: tensor: read between the 0.357 (GB300 at 500 of 1,400 W, facebookexperimental/triton PR #2023) and 0.857 (H100 at 600 W loses 10-15 % step throughput, factryze.ai 'Power Capping') points; HBM: LLM decode draws 137-300 W of a 700 W H200 and no cap triggers (arXiv:2605.11999))
Job       train, zero3 (N = 8), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 2 x grad-accum 1 x dp 8 = 16 samples of 8192 tokens = 131072 tokens per step
          = 8x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x8 (SGD) / x2.83 (Adam), warmed up
Framework torchtitan (torchtitan (PyTorch's native pre-training stack)): its defaults here: ckpt op, loss fused, attn flash, fused_kernels false, compile false, fsdp_version 2, optimizer_impl fused, fused_qkv true, fsdp_reduce_fp32 true (what you state wins; --explain: the source of each)
Options   checkpointing op, attention flash, loss fused, offload none
Parallel  dp 8 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                      2.01 GB
  gradients             2·Ψ/N                      2.01 GB
  optimizer states      12·Ψ/N                    12.05 GB
  activations           L'·m·A_kept+A_layer       37.99 GB
  logits + loss         10·s·b·h (fused)           0.67 GB
  comm. buffers         (2w+4)·Ψ_unit              4.20 GB
  allocator slack       0.05·peak                  2.85 GB
  model states                                    16.06 GB
  total at peak (forward)                         59.76 GB ± 12.55 GB
  phases                forward 59.76, backward 59.76, optimizer step 21.28 GB
  usable per GPU                                  84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 24.69 GB headroom ± 12.55 GB per GPU (71% of usable memory used)
Disk      112.42 GB per checkpoint with optimizer states (whole job); 16.06 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM          2.64 s
  data-parallel comm.   exposed of ring collectives       0.022 s
  communication (all)                                     0.117 s  (0.022 s exposed; 42.16 GB per GPU)
  step                                                     2.66 s  (1.75–3.56)

Throughput  49,324 tokens/s (whole job), 6,166 per GPU
MFU         36.1% (HFU 39.1% with recomputation; peak 989 TFLOP/s per GPU at 51% GEMM efficiency)
Speed-up    8.15x vs one GPU (102% of linear over 8 GPUs): above linear, since each GPU steps only its shard of the optimizer (as in the ZeRO paper)
Bottleneck: compute: 99% of the step is the GPUs' arithmetic
Cost        25.35 EUR/h for 8 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.01871 EUR per step, 0.1428 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
