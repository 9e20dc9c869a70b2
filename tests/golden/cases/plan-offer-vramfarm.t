args: plan --model 1B --offer vramfarm-4xrtx4090 --tokens 2e8 --seq 2048 --micro-batch 4 --ckpt full
rc: 0
--- stdout
Model     1B: 1.000 B parameters (generic size: exact nominal count, shape of GPT-3 XL)
          read as the shape of GPT-3 XL, vocabulary 50,257; FFN 4,981 solved for the exact count (its own: 8,192)
          24 layers, hidden 2048, 16 heads (16 KV), ffn 4981, vocab 50257
Machine   4 x RTX4090 (24 GB GDDR6X, 25.76 GB each), link pcie4-host (31.5 GB/s per direction)
Job       train, zero3 (N = 4), bf16-mixed, adamw, full fine-tuning
Strategy  auto: ddp+ckpt full is borderline: up to 30.5 GB per GPU with its error band (24.7 usable); zero3+ckpt full fits: 11.8 GB per GPU of 24.7 usable, the fastest of 5 that fit (34,307 tokens/s)
Batch     micro-batch 4 x grad-accum 1 x dp 4 = 16 samples of 2048 tokens = 32768 tokens per step
          = 4x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x4 (SGD) / x2 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing full, attention flash, loss standard, offload none
Parallel  dp 4 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                     0.50 GB
  gradients             2·Ψ/N                     0.50 GB
  optimizer states      12·Ψ/N                    3.00 GB
  activations           L'·m·2sbh+A_layer         1.30 GB
  logits + loss         14·s·b·V                  5.76 GB
  comm. buffers         3·w·Ψ_unit                0.64 GB
  optimizer step temp.  one moment (step)         1.00 GB
  allocator slack       0.05·peak                 0.56 GB
  model states                                    4.00 GB
  total at peak (backward)                       11.77 GB ± 2.47 GB
  phases                forward 10.04, backward 11.77, optimizer step 5.92 GB
  usable per GPU                                 24.68 GB  (25.76 total - 1.07 CUDA reserve)

Verdict   FITS: 12.91 GB headroom ± 2.47 GB per GPU (48% of usable memory used)
Disk      14.00 GB per checkpoint with optimizer states (whole job); 2.00 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.888 s
  data-parallel comm.   exposed of ring collectives       0.068 s
  communication (all)                                     0.357 s  (0.068 s exposed; 4.50 GB per GPU)
  step                                                    0.955 s  (0.630–1.28)

Throughput  34,307 tokens/s (whole job), 8,577 per GPU
MFU         37.3% (HFU 49.7% with recomputation; peak 165 TFLOP/s per GPU at 81% GEMM efficiency)
Speed-up    3.83x vs one GPU (96% of linear over 4 GPUs)
Bottleneck: compute: 93% of the step is the GPUs' arithmetic
Train time  200M tokens: 1.6 hours (0.07 days)
Cost        2.36 EUR/h for 4 GPUs (offer vramfarm-4xrtx4090, sample 2026-11-12)
            0.0006261 EUR per step, 0.01911 EUR per million tokens
Run cost    4.248 EUR: 108 minutes billed (by the minute, 10 min start-up, 15 min minimum)

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
