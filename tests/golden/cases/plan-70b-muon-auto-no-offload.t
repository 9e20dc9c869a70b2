args: --model llama-3.1-70b --gpus 8xH100 --optimizer muon
rc: 0
--- stdout
Model     llama-3.1-70b: 70.554 B parameters
          80 layers, hidden 8192, 64 heads (8 KV), ffn 28672, vocab 128256
Machine   8 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero3 (N = 8), bf16-mixed, muon, full fine-tuning
Strategy  auto: nothing fits: showing zero3 at 172.7 GB per GPU (84.4 usable)
Batch     micro-batch 1 x grad-accum 1 x dp 8 = 8 samples of 2048 tokens = 16384 tokens per step
          = 8x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x8 (SGD) / x2.83 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 8 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                    17.64 GB
  gradients             2·Ψ/N                    17.64 GB
  optimizer states      8.11921·Ψ/N              71.61 GB
  activations           L'·m·A_layer             65.20 GB
  logits + loss         14·s·b·V                  3.68 GB
  comm. buffers         3·w·Ψ_unit                6.30 GB
  allocator slack       0.05·peak                 8.22 GB
  model states                                  106.88 GB
  total at peak (backward)                      172.65 GB ± 36.26 GB
  phases                forward 171.55, backward 172.65, optimizer step 118.85 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   DOES NOT FIT: 88.20 GB short ± 36.26 GB per GPU
Disk      713.95 GB per checkpoint with optimizer states (whole job); 141.11 GB for a weights-only export

Changes that make it fit (flags to add, fastest first; tokens/s of the whole job):
  --gpus 8xH100-SXM --nodes 2 --strategy zero3 --ckpt full: 9,802 tokens/s on 16 GPUs at 1.44 EUR per million, 62.7 GB per GPU; the same training

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM          3.70 s
  data-parallel comm.   exposed of ring collectives       0.194 s
  communication (all)                                      1.03 s  (0.194 s exposed; 370.41 GB per GPU)
  step                                                     3.90 s  (2.57–5.22)

Throughput  4,203 tokens/s (whole job), 525 per GPU
MFU         23.0% (HFU 23.0% with recomputation; peak 989 TFLOP/s per GPU at 76% GEMM efficiency)
Speed-up    40.30x vs one GPU (504% of linear over 8 GPUs): above linear, since each GPU steps only its shard of the optimizer (as in the ZeRO paper)
Bottleneck: compute: 95% of the step is the GPUs' arithmetic
Cost        25.35 EUR/h for 8 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.02745 EUR per step, 1.675 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
