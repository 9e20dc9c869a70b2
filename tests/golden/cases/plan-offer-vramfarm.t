args: plan --model 1B --offer vramfarm-4xrtx4090 --tokens 2e8 --seq 2048 --micro-batch 4 --ckpt full
rc: 0
--- stdout
Model     1B: 1.000 B parameters (generic size: exact nominal count, shape of GPT-3 XL)
          24 layers, hidden 2048, 16 heads (16 KV), ffn 3161, vocab 32000
Machine   4 x RTX4090 (24 GB GDDR6X, 25.76 GB each), link pcie4-host (31.5 GB/s per direction)
Job       train, ddp (N = 1), bf16-mixed, adamw, full fine-tuning
Strategy  auto: ddp fits: 20.0 GB per GPU of 24.7 usable
Batch     micro-batch 4 x grad-accum 1 x dp 4 = 16 samples of 2048 tokens = 32768 tokens per step
          = 4x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x4 (SGD) / x2 (Adam), warmed up
Options   checkpointing full, attention flash, loss standard, offload none
Parallel  dp 4 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ                       2.00 GB
  gradients             2·Ψ                       2.00 GB
  optimizer states      12·Ψ                     12.00 GB
  activations           L'·m·2sbh+A_layer         1.35 GB
  logits + loss         14·s·b·V                  3.67 GB
  comm. buffers         2 × 25 MiB                0.05 GB
  allocator slack       0.05·peak                 0.95 GB
  model states                                   16.00 GB
  total at peak (backward)                       20.02 GB ± 2.80 GB
  phases                forward 18.92, backward 20.02, optimizer step 16.86 GB
  usable per GPU                                 24.68 GB  (25.76 total - 1.07 CUDA reserve)

Verdict   FITS: 4.66 GB headroom ± 2.80 GB per GPU (81% of usable memory used)
Disk      14.00 GB per checkpoint with optimizer states (whole job); 2.00 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM          1.01 s
  data-parallel comm.   exposed of ring collectives       0.058 s
  communication (all)                                     0.238 s  (0.058 s exposed; 3.00 GB per GPU)
  step                                                     1.07 s  (0.620–1.52)

Throughput  30,664 tokens/s (whole job), 7,666 per GPU
MFU         31.6% (hardware FLOPs 38.4%; peak 165 TFLOP/s per GPU at 60% GEMM efficiency)
Speed-up    3.78x vs one GPU (95% of linear over 4 GPUs)
Bottleneck: compute: 95% of the step is the GPUs' arithmetic
Train time  200M tokens: 1.8 hours (0.08 days)
Cost        2.36 EUR/h for 4 GPUs (offer vramfarm-4xrtx4090, sample 2026-11-12)
            0.0007005 EUR per step, 0.02138 EUR per million tokens
Run cost    4.6807 EUR: 119 minutes billed (by the minute, 10 min start-up, 15 min minimum)

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
