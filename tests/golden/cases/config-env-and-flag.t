args: --model 8B --gpus 4xH100 --currency EUR --price 2.5
env: VFPLAN_UNITS=GiB XDG_CONFIG_HOME=tests/data/config/good
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 16264, vocab 32000
Machine   4 x H100-SXM (80 GB HBM3, 79.65 GiB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero3 (N = 4), bf16-mixed, adamw, full fine-tuning
Strategy  auto: ddp needs 187.8 GiB per GPU (> 78.6 usable); zero3 fits: 43.6 GiB per GPU of 78.6 usable, the fastest of 10 that fit (34722 tokens/s)
Batch     micro-batch 1 x grad-accum 1 x dp 4 = 4 samples of 2048 tokens = 8192 tokens per step
          = 4x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x4 (SGD) / x2 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 4 x tp 1 x pp 1

Memory per GPU (GiB = 2^30 bytes)
  weights               2·Ψ/N                     3.73 GiB
  gradients             2·Ψ/N                     3.73 GiB
  optimizer states      12·Ψ/N                   22.35 GiB
  activations           L'·m·A_layer             13.23 GiB
  logits + loss         14·s·b·V                  0.85 GiB
  comm. buffers         3·w·Ψ_unit                1.35 GiB
  optimizer step temp.  one moment (step)         7.45 GiB
  allocator slack       0.05·peak                 2.08 GiB
  model states                                   29.80 GiB
  total at peak (backward)                       43.59 GiB ± 6.10 GiB
  phases                forward 43.33, backward 43.59, optimizer step 40.53 GiB
  usable per GPU                                 78.65 GiB  (79.65 total - 1.00 CUDA reserve)

Verdict   FITS: 35.06 GiB headroom ± 6.10 GiB per GPU (55% of usable memory used)
Disk      104.31 GiB per checkpoint with optimizer states (whole job); 14.90 GiB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.217 s
  data-parallel comm.   exposed of ring collectives       0.019 s
  communication (all)                                     0.100 s  (0.019 s exposed; 33.53 GiB per GPU)
  step                                                    0.236 s  (0.165–0.307)

Throughput  34,722 tokens/s (whole job), 8,681 per GPU
MFU         44.2% (HFU 44.2% with recomputation; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Speed-up    4.74x vs one GPU (119% of linear over 4 GPUs): above linear, since each GPU steps only its shard of the optimizer (as in the ZeRO paper)
Bottleneck: compute: 92% of the step is the GPUs' arithmetic
Cost        10 EUR/h for 4 GPUs (your price)
            0.0006554 EUR per step, 0.08 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
