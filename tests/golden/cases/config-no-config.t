args: --model 8B --gpus 4xH100 --price 2.5 --no-config
env: XDG_CONFIG_HOME=tests/data/config/good
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          read as the shape of Llama 3.1 8B, vocabulary 128,256; FFN 14,259 solved for the exact count (its own: 14,336)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14259, vocab 128256
Machine   4 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero2 (N = 4), bf16-mixed, adamw, full fine-tuning
Strategy  auto: ddp needs 201.6 GB per GPU (> 84.4 usable); zero2 fits: 60.7 GB per GPU of 84.4 usable
Batch     micro-batch 1 x grad-accum 1 x dp 4 = 4 samples of 2048 tokens = 8192 tokens per step
          = 4x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x4 (SGD) / x2 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 4 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ                      16.00 GB
  gradients             2·Ψ/N                     4.00 GB
  optimizer states      12·Ψ/N                   24.00 GB
  activations           L'·m·A_layer             13.15 GB
  logits + loss         14·s·b·V                  3.68 GB
  comm. buffers         w·bucket                  1.00 GB
  optimizer step temp.  one moment (step)         8.00 GB
  allocator slack       0.05·peak                 2.89 GB
  model states                                   44.00 GB
  total at peak (backward)                       60.72 GB ± 8.50 GB
  phases                forward 59.62, backward 60.72, optimizer step 55.65 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 23.72 GB headroom ± 8.50 GB per GPU (72% of usable memory used)
Disk      112.00 GB per checkpoint with optimizer states (whole job); 16.00 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.209 s
  data-parallel comm.   exposed of ring collectives       0.040 s
  communication (all)                                     0.067 s  (0.040 s exposed; 24.00 GB per GPU)
  step                                                    0.248 s  (0.174–0.323)

Throughput  32,987 tokens/s (whole job), 8,247 per GPU
MFU         40.1% (HFU 40.1% with recomputation; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Speed-up    4.37x vs one GPU (109% of linear over 4 GPUs): above linear, since each GPU steps only its shard of the optimizer (as in the ZeRO paper)
Bottleneck: compute: 84% of the step is the GPUs' arithmetic
Cost        10 EUR/h for 4 GPUs (your price)
            0.0006898 EUR per step, 0.08421 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
