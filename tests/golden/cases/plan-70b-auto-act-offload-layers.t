args: --model llama-3.1-70b --gpus 8xH100 --act-offload-layers 40
rc: 0
--- stdout
Model     llama-3.1-70b: 70.554 B parameters
          80 layers, hidden 8192, 64 heads (8 KV), ffn 28672, vocab 128256
Machine   8 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero3 (N = 8), bf16-mixed, adamw, full fine-tuning
Strategy  auto: ddp needs 1778.0 GB per GPU (> 84.4 usable); zero2 needs 315.9 GB per GPU (> 84.4 usable); zero3 needs 191.8 GB per GPU (> 84.4 usable); zero3+offload optimizer fits: 63.3 GB per GPU of 84.4 usable, the fastest of 2 that fit (657 tokens/s)
Batch     micro-batch 1 x grad-accum 1 x dp 8 = 8 samples of 2048 tokens = 16384 tokens per step
          = 8x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x8 (SGD) / x2.83 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload optimizer, 40 layers' activations in host RAM
Parallel  dp 8 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                    17.64 GB
  gradients             0 (host RAM)              0.00 GB
  optimizer states      0 (host RAM)              0.00 GB
  activations           L'·m·A_layer             32.64 GB
  logits + loss         14·s·b·V                  3.68 GB
  comm. buffers         3·w·Ψ_unit                6.30 GB
  allocator slack       0.05·peak                 3.01 GB
  model states                                   17.64 GB
  total at peak (backward)                       63.27 GB ± 13.29 GB
  phases                forward 62.17, backward 63.27, optimizer step 25.14 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 21.18 GB headroom ± 13.29 GB per GPU (75% of usable memory used)
Host RAM  1953.84 GB needed per machine for offload; the machine's RAM is unknown (give --host-ram)
Disk      987.75 GB per checkpoint with optimizer states (whole job); 141.11 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM                       1.43 s
  data-parallel comm.   exposed of ring collectives                    0.194 s
  activation offload    ZeRO-Offload + m·Σmax(0, N·x-(L-N)·f|2f)        23.3 s
  communication (all)                                                   1.03 s  (0.194 s exposed; 370.41 GB per GPU)
  step                                                                  24.9 s  (16.5–33.4)

Throughput  657 tokens/s (whole job), 82 per GPU
MFU         3.6% (HFU 3.6% with recomputation; peak 989 TFLOP/s per GPU at 76% GEMM efficiency)
Speed-up    0.46x vs one GPU (6% of linear over 8 GPUs)
Bottleneck: offload: 93% of the step waits on PCIe transfers and the CPU optimizer
Cost        25.35 EUR/h for 8 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.1757 EUR per step, 10.72 EUR per million tokens

Note      offload keeps optimizer states in host RAM, whose size is unknown: give the machine's RAM (--host-ram) to check it
Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
