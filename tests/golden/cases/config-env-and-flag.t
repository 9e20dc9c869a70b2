args: --model 8B --gpus 4xH100 --currency EUR --price 2.5
env: VFPLAN_UNITS=GiB XDG_CONFIG_HOME=tests/data/config/good
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          read as the shape of Llama 3.1 8B, vocabulary 128,256; FFN 14,259 solved for the exact count (its own: 14,336)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14259, vocab 128256
Machine   4 x H100-SXM (80 GB HBM3, 79.65 GiB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero3 (N = 4), bf16-mixed, adamw, full fine-tuning
Strategy  auto: ddp needs 187.8 GiB per GPU (> 78.6 usable); zero3 fits: 46.9 GiB per GPU of 78.6 usable, the fastest of 10 that fit (35,994 tokens/s)
Batch     micro-batch 1 x grad-accum 1 x dp 4 = 4 samples of 2048 tokens = 8192 tokens per step
          = 4x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x4 (SGD) / x2 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 4 x tp 1 x pp 1

Memory per GPU (GiB = 2^30 bytes)
  weights               2·Ψ/N                     3.73 GiB
  gradients             2·Ψ/N                     3.73 GiB
  optimizer states      12·Ψ/N                   22.35 GiB
  activations           L'·m·A_layer             12.25 GiB
  logits + loss         14·s·b·V                  3.42 GiB
  comm. buffers         3·w·Ψ_unit                2.94 GiB
  optimizer step temp.  one moment (step)         7.45 GiB
  allocator slack       0.05·peak                 2.23 GiB
  model states                                   29.80 GiB
  total at peak (backward)                       46.92 GiB ± 9.85 GiB
  phases                forward 45.90, backward 46.92, optimizer step 42.20 GiB
  usable per GPU                                 78.65 GiB  (79.65 total - 1.00 CUDA reserve)

Verdict   FITS: 31.72 GiB headroom ± 9.85 GiB per GPU (60% of usable memory used)
Disk      104.31 GiB per checkpoint with optimizer states (whole job); 14.90 GiB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.209 s
  data-parallel comm.   exposed of ring collectives       0.019 s
  communication (all)                                     0.100 s  (0.019 s exposed; 33.53 GiB per GPU)
  step                                                    0.228 s  (0.150–0.305)

Throughput  35,994 tokens/s (whole job), 8,998 per GPU
MFU         43.7% (HFU 43.7% with recomputation; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Speed-up    4.77x vs one GPU (119% of linear over 4 GPUs): above linear, since each GPU steps only its shard of the optimizer (as in the ZeRO paper)
Bottleneck: compute: 92% of the step is the GPUs' arithmetic
Cost        10 EUR/h for 4 GPUs (your price)
            0.0006322 EUR per step, 0.07717 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
