args: --model llama-3.1-8b --gpus 8xH100 --strategy fsdp --optimizer muon
rc: 0
--- stdout
Model     llama-3.1-8b: 8.030 B parameters
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14336, vocab 128256
Machine   8 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero3 (N = 8), bf16-mixed, muon, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 8 = 8 samples of 2048 tokens = 16384 tokens per step
          = 8x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x8 (SGD) / x2.83 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 8 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                     2.01 GB
  gradients             2·Ψ/N                     2.01 GB
  optimizer states      8.52349·Ψ/N               8.56 GB
  activations           L'·m·A_layer             13.20 GB
  logits + loss         14·s·b·V                  3.68 GB
  comm. buffers         3·w·Ψ_unit                3.15 GB
  allocator slack       0.05·peak                 1.53 GB
  model states                                   12.57 GB
  total at peak (backward)                       32.12 GB ± 6.74 GB
  phases                forward 31.01, backward 32.12, optimizer step 16.51 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 52.33 GB headroom ± 6.74 GB per GPU (38% of usable memory used)
Disk      84.51 GB per checkpoint with optimizer states (whole job); 16.06 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.314 s
  data-parallel comm.   exposed of ring collectives       0.022 s
  communication (all)                                     0.117 s  (0.022 s exposed; 42.16 GB per GPU)
  step                                                    0.336 s  (0.222–0.450)

Throughput  48,779 tokens/s (whole job), 6,097 per GPU
MFU         29.7% (HFU 29.7% with recomputation; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Speed-up    28.37x vs one GPU (355% of linear over 8 GPUs): above linear, since each GPU steps only its shard of the optimizer (as in the ZeRO paper)
Bottleneck: compute: 93% of the step is the GPUs' arithmetic
Cost        25.35 EUR/h for 8 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.002365 EUR per step, 0.1443 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
