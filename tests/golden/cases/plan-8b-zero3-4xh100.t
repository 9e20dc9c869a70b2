args: --model 8B --gpus 4xH100 --strategy zero3
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

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                     4.00 GB
  gradients             2·Ψ/N                     4.00 GB
  optimizer states      12·Ψ/N                   24.00 GB
  activations           L'·m·A_layer             13.15 GB
  logits + loss         14·s·b·V                  3.68 GB
  comm. buffers         3·w·Ψ_unit                3.15 GB
  optimizer step temp.  one moment (step)         8.00 GB
  allocator slack       0.05·peak                 2.40 GB
  model states                                   32.00 GB
  total at peak (backward)                       50.38 GB ± 10.58 GB
  phases                forward 49.28, backward 50.38, optimizer step 45.31 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 34.06 GB headroom ± 10.58 GB per GPU (60% of usable memory used)
Disk      112.00 GB per checkpoint with optimizer states (whole job); 16.00 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.209 s
  data-parallel comm.   exposed of ring collectives       0.019 s
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
