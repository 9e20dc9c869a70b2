args: --model 8B --gpus 8xH100 --strategy zero1 --units GiB
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          read as the shape of Llama 3.1 8B, vocabulary 128,256; FFN 14,259 solved for the exact count (its own: 14,336)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14259, vocab 128256
Machine   8 x H100-SXM (80 GB HBM3, 79.65 GiB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero1 (N = 8), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 8 = 8 samples of 2048 tokens = 16384 tokens per step
          = 8x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x8 (SGD) / x2.83 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 8 x tp 1 x pp 1

Memory per GPU (GiB = 2^30 bytes)
  weights               2·Ψ                      14.90 GiB
  gradients             2·Ψ                      14.90 GiB
  optimizer states      12·Ψ/N                   11.18 GiB
  activations           L'·m·A_layer             12.25 GiB
  logits + loss         14·s·b·V                  3.42 GiB
  comm. buffers         w·bucket                  0.93 GiB
  optimizer step temp.  one moment (step)         3.73 GiB
  allocator slack       0.05·peak                 2.28 GiB
  model states                                   40.98 GiB
  total at peak (optimizer step)                 47.92 GiB ± 10.06 GiB
  phases                forward 43.79, backward 44.82, optimizer step 47.92 GiB
  usable per GPU                                 78.65 GiB  (79.65 total - 1.00 CUDA reserve)

Verdict   FITS: 30.73 GiB headroom ± 10.06 GiB per GPU (61% of usable memory used)
Disk      104.31 GiB per checkpoint with optimizer states (whole job); 14.90 GiB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.198 s
  data-parallel comm.   exposed of ring collectives       0.046 s
  communication (all)                                     0.078 s  (0.046 s exposed; 26.08 GiB per GPU)
  step                                                    0.245 s  (0.161–0.328)

Throughput  67,005 tokens/s (whole job), 8,376 per GPU
MFU         40.7% (HFU 40.7% with recomputation; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Speed-up    8.88x vs one GPU (111% of linear over 8 GPUs): above linear, since each GPU steps only its shard of the optimizer (as in the ZeRO paper)
Bottleneck: compute: 81% of the step is the GPUs' arithmetic
Cost        25.35 EUR/h for 8 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.001722 EUR per step, 0.1051 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
