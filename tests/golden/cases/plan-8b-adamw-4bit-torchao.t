args: --model llama-3.1-8b --gpus 8xH100 --strategy fsdp --optimizer adamw-4bit-torchao
rc: 0
--- stdout
Model     llama-3.1-8b: 8.030 B parameters
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14336, vocab 128256
Machine   8 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero3 (N = 8), bf16-mixed, adamw-4bit-torchao, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 8 = 8 samples of 2048 tokens = 16384 tokens per step
          = 8x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x8 (SGD) / x2.83 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 8 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                     2.01 GB
  gradients             2·Ψ/N                     2.01 GB
  optimizer states      5.0625·Ψ/N                5.08 GB
  activations           L'·m·A_layer             13.20 GB
  logits + loss         14·s·b·V                  3.68 GB
  comm. buffers         3·w·Ψ_unit                3.15 GB
  allocator slack       0.05·peak                 1.36 GB
  model states                                    9.10 GB
  total at peak (backward)                       28.47 GB ± 5.98 GB
  phases                forward 27.37, backward 28.47, optimizer step 12.86 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 55.98 GB headroom ± 5.98 GB per GPU (34% of usable memory used)
Disk      56.71 GB per checkpoint with optimizer states (whole job); 16.06 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.194 s
  data-parallel comm.   exposed of ring collectives       0.022 s
  communication (all)                                     0.117 s  (0.022 s exposed; 42.16 GB per GPU)
  step                                                    0.216 s  (0.142–0.289)

Throughput  75,916 tokens/s (whole job), 9,489 per GPU
MFU         46.3% (HFU 46.3% with recomputation; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Speed-up    8.55x vs one GPU (107% of linear over 8 GPUs): above linear, since each GPU steps only its shard of the optimizer (as in the ZeRO paper)
Bottleneck: compute: 90% of the step is the GPUs' arithmetic
Cost        25.35 EUR/h for 8 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.00152 EUR per step, 0.09275 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
