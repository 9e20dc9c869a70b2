args: --model llama-3.1-8b --gpus 8xB200 --strategy fsdp --framework torchtitan --seq 8192 --micro-batch 1 --ckpt op --compile --precision mxfp8
rc: 0
--- stdout
Model     llama-3.1-8b: 8.030 B parameters
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14336, vocab 128256
Machine   8 x B200 (180 GB HBM3e, 192.26 GB each), link nvlink5-switch (900.0 GB/s per direction)
Job       train, zero3 (N = 8), mxfp8, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 8 = 8 samples of 8192 tokens = 65536 tokens per step
          = 8x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x8 (SGD) / x2.83 (Adam), warmed up
Framework torchtitan (torchtitan (PyTorch's native pre-training stack)): its defaults here: loss fused, attn flash, fused_kernels false, fsdp_version 2, optimizer_impl fused, fused_qkv true, fsdp_reduce_fp32 true (what you state wins; --explain: the source of each)
Options   checkpointing op, attention flash, loss fused, offload none, torch.compile
Parallel  dp 8 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                                         2.01 GB
  gradients             2·Ψ/N                                         2.01 GB
  optimizer states      12·Ψ/N                                       12.05 GB
  activations           L'·m·A_kept+A_layer                          18.08 GB
  logits + loss         10·s·b·h (fused)                              0.34 GB
  comm. buffers         3·w·Ψ_unit+2·2·(1+1/32)·Ψ_layer(mxfp8)        5.10 GB
  allocator slack       0.05·peak                                     1.88 GB
  model states                                                       16.06 GB
  total at peak (forward)                                            39.45 GB ± 8.28 GB
  phases                forward 39.45, backward 39.45, optimizer step 22.22 GB
  usable per GPU                                                    191.19 GB  (192.26 total - 1.07 CUDA reserve)

Verdict   FITS: 151.74 GB headroom ± 8.28 GB per GPU (21% of usable memory used)
Disk      112.42 GB per checkpoint with optimizer states (whole job); 16.06 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.290 s
  data-parallel comm.   exposed of ring collectives       0.011 s
  communication (all)                                     0.059 s  (0.011 s exposed; 42.16 GB per GPU)
  step                                                    0.301 s  (0.199–0.404)

Throughput  217,476 tokens/s (whole job), 27,185 per GPU
MFU         37.4% (HFU 40.6% with recomputation; peak 4206 TFLOP/s per GPU at 69% GEMM efficiency)
Speed-up    8.55x vs one GPU (107% of linear over 8 GPUs): above linear, since each GPU steps only its shard of the optimizer (as in the ZeRO paper)
Bottleneck: compute: 96% of the step is the GPUs' arithmetic
Cost        44.78 EUR/h for 8 GPUs (reference price: median over providers of 19 catalog offers for B200; give --offer or --price for yours)
            0.003748 EUR per step, 0.05719 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
