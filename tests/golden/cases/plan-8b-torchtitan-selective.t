args: --model llama-3.1-8b --gpus 8xH100 --strategy fsdp --framework torchtitan --ckpt selective
rc: 0
--- stdout
Model     llama-3.1-8b: 8.030 B parameters
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14336, vocab 128256
Machine   8 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero3 (N = 8), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 8 = 8 samples of 2048 tokens = 16384 tokens per step
          = 8x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x8 (SGD) / x2.83 (Adam), warmed up
Framework torchtitan (torchtitan (PyTorch's native pre-training stack)): its defaults here: selective op, loss fused, attn flash, fused_kernels false, compile false, fsdp_version 2, optimizer_impl fused, fused_qkv true, fsdp_reduce_fp32 true (what you state wins; --explain: the source of each)
Options   checkpointing selective (torchtitan: op-level), attention flash, loss fused, offload none
Parallel  dp 8 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                      2.01 GB
  gradients             2·Ψ/N                      2.01 GB
  optimizer states      12·Ψ/N                    12.05 GB
  activations           L'·m·A_kept+A_layer        4.75 GB
  logits + loss         10·s·b·h (fused)           0.08 GB
  comm. buffers         (2w+4)·Ψ_unit              4.20 GB
  allocator slack       0.05·peak                  1.15 GB
  model states                                    16.06 GB
  total at peak (forward)                         24.24 GB ± 5.09 GB
  phases                forward 24.24, backward 24.24, optimizer step 21.28 GB
  usable per GPU                                  84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 60.20 GB headroom ± 5.09 GB per GPU (29% of usable memory used)
Disk      112.42 GB per checkpoint with optimizer states (whole job); 16.06 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.227 s
  data-parallel comm.   exposed of ring collectives       0.022 s
  communication (all)                                     0.117 s  (0.022 s exposed; 42.16 GB per GPU)
  step                                                    0.249 s  (0.165–0.334)

Throughput  65,680 tokens/s (whole job), 8,210 per GPU
MFU         40.0% (HFU 44.0% with recomputation; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Speed-up    9.64x vs one GPU (121% of linear over 8 GPUs): above linear, since each GPU steps only its shard of the optimizer (as in the ZeRO paper)
Bottleneck: compute: 91% of the step is the GPUs' arithmetic
Cost        25.35 EUR/h for 8 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.001756 EUR per step, 0.1072 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
