args: --model 8B --gpus 8xH100 --seq 8192 --strategy fsdp --framework torchtitan --framework-version 2025.06 --compile
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          read as the shape of Llama 3.1 8B, vocabulary 128,256; FFN 14,259 solved for the exact count (its own: 14,336)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14259, vocab 128256
Machine   8 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero3 (N = 8), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 8 = 8 samples of 8192 tokens = 65536 tokens per step
          = 8x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x8 (SGD) / x2.83 (Adam), warmed up
Framework torchtitan@2025.06 (torchtitan (PyTorch's native pre-training stack)): its defaults here: ckpt op, loss standard, attn sdpa, fused_kernels false, fsdp_version 2, optimizer_impl fused, fused_qkv false, fsdp_reduce_fp32 true, compile_loss true (what you state wins; --explain: the source of each)
Options   checkpointing op, attention sdpa, loss compiled, offload none, torch.compile
Parallel  dp 8 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                      2.00 GB
  gradients             2·Ψ/N                      2.00 GB
  optimizer states      12·Ψ/N                    12.00 GB
  activations           L'·m·A_kept+A_layer       17.67 GB
  logits + loss         4·s·b·V                    4.20 GB
  comm. buffers         (2w+4)·Ψ_unit              4.20 GB
  allocator slack       0.05·peak                  2.00 GB
  model states                                    16.00 GB
  total at peak (backward)                        42.08 GB ± 8.84 GB
  phases                forward 39.88, backward 42.08, optimizer step 21.21 GB
  usable per GPU                                  84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 42.36 GB headroom ± 8.84 GB per GPU (50% of usable memory used)
Disk      112.00 GB per checkpoint with optimizer states (whole job); 16.00 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.863 s
  data-parallel comm.   exposed of ring collectives       0.022 s
  communication (all)                                     0.117 s  (0.022 s exposed; 42.00 GB per GPU)
  step                                                    0.885 s  (0.584–1.19)

Throughput  74,042 tokens/s (whole job), 9,255 per GPU
MFU         54.0% (HFU 58.8% with recomputation; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Speed-up    8.46x vs one GPU (106% of linear over 8 GPUs): above linear, since each GPU steps only its shard of the optimizer (as in the ZeRO paper)
Bottleneck: compute: 98% of the step is the GPUs' arithmetic
Cost        25.35 EUR/h for 8 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.006232 EUR per step, 0.0951 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
