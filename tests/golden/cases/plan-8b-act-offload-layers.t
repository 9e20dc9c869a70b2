args: --model llama-3.1-8b --gpus 8xH100 --strategy fsdp --micro-batch 4 --ckpt none --act-offload-layers 16 --host-ram 2TB
rc: 0
--- stdout
Model     llama-3.1-8b: 8.030 B parameters
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14336, vocab 128256
Machine   8 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero3 (N = 8), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 4 x grad-accum 1 x dp 8 = 32 samples of 2048 tokens = 65536 tokens per step
          = 8x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x8 (SGD) / x2.83 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none, 16 layers' activations in host RAM
Parallel  dp 8 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                     2.01 GB
  gradients             2·Ψ/N                     2.01 GB
  optimizer states      12·Ψ/N                   12.05 GB
  activations           L'·m·A_layer             26.46 GB
  logits + loss         14·s·b·V                 14.71 GB
  comm. buffers         3·w·Ψ_unit                3.15 GB
  optimizer step temp.  one moment (step)         4.02 GB
  allocator slack       0.05·peak                 2.92 GB
  model states                                   16.06 GB
  total at peak (backward)                       61.29 GB ± 12.87 GB
  phases                forward 56.88, backward 61.29, optimizer step 24.39 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 23.16 GB headroom ± 12.87 GB per GPU (73% of usable memory used)
Disk      112.42 GB per checkpoint with optimizer states (whole job); 16.06 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.764 s
  data-parallel comm.   exposed of ring collectives       0.022 s
  activation offload    m·Σmax(0, N·x-(L-N)·f|2f)         0.663 s
  communication (all)                                     0.117 s  (0.022 s exposed; 42.16 GB per GPU)
  step                                                     1.45 s  (0.956–1.94)

Throughput  45,237 tokens/s (whole job), 5,655 per GPU
MFU         27.6% (HFU 27.6% with recomputation; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Speed-up    4.62x vs one GPU (58% of linear over 8 GPUs)
Bottleneck: compute: 53% of the step is the GPUs' arithmetic
Cost        25.35 EUR/h for 8 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.0102 EUR per step, 0.1557 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
