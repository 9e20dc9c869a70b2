args: --model llama-3.1-8b --gpus 8xH100 --seq 131072 --cp 4 --framework torchtitan --strategy zero3 --ckpt full --precision fp8-mixed --compile
rc: 0
--- stdout
Model     llama-3.1-8b: 8.030 B parameters
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14336, vocab 128256
Machine   8 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero3 (N = 8), fp8-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 2 = 2 samples of 131072 tokens = 262144 tokens per step
          = 2x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x2 (SGD) / x1.41 (Adam), warmed up
Framework torchtitan (torchtitan (PyTorch's native pre-training stack)): its defaults here: loss fused, attn flash, fused_kernels false, fsdp_version 2, optimizer_impl fused, fsdp_reduce_fp32 true, cp_impl allgather (what you state wins; --explain: the source of each)
Options   checkpointing full, attention flash, loss fused, offload none, torch.compile
Parallel  dp 2 x tp 1 x pp 1 x cp 4 (allgather)

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                              2.01 GB
  gradients             2·Ψ/N                              2.01 GB
  optimizer states      12·Ψ/N                            12.05 GB
  activations           L'·m·2sbh+A_layer                 13.09 GB
  logits + loss         10·s·b·h (fused)                   1.34 GB
  comm. buffers         3·w·Ψ_unit+2·2·Ψ_layer(fp8)        5.08 GB
  allocator slack       0.05·peak                          1.68 GB
  model states                                            16.06 GB
  total at peak (forward)                                 35.24 GB ± 7.40 GB
  phases                forward 35.24, backward 35.24, optimizer step 22.19 GB
  usable per GPU                                          84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 49.21 GB headroom ± 7.40 GB per GPU (42% of usable memory used)
Disk      112.42 GB per checkpoint with optimizer states (whole job); 16.06 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM          18.3 s
  data-parallel comm.   exposed of ring collectives       0.022 s
  communication (all)                                     0.262 s  (0.022 s exposed; 93.70 GB per GPU)
  step                                                     18.3 s  (12.1–24.5)

Throughput  14,340 tokens/s (whole job), 1,792 per GPU
MFU         22.8% (HFU 30.3% with recomputation; peak 1979 TFLOP/s per GPU at 51% GEMM efficiency)
Speed-up    7.99x vs one GPU (100% of linear over 8 GPUs)
Bottleneck: compute: 100% of the step is the GPUs' arithmetic
Cost        25.35 EUR/h for 8 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.1287 EUR per step, 0.491 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
