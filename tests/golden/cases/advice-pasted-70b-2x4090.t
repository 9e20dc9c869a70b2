args: --model llama-3.1-70b --gpus 2xRTX4090 --qlora --ckpt full --offload optimizer+params
rc: 0
--- stdout
Model     llama-3.1-70b: 70.554 B parameters
          80 layers, hidden 8192, 64 heads (8 KV), ffn 28672, vocab 128256
Machine   2 x RTX4090 (24 GB GDDR6X, 25.76 GB each), link pcie4-host (31.5 GB/s per direction)
Job       train, zero3 (N = 2), bf16-mixed, adamw, QLoRA: NF4 base, LoRA rank 16 on all-linear (207.1 M adapter parameters)
Strategy  auto: zero3+ckpt full+offload optimizer and params fits: 9.2 GB per GPU of 24.7 usable
Batch     micro-batch 1 x grad-accum 1 x dp 2 = 2 samples of 2048 tokens = 4096 tokens per step
          = 2x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x2 (SGD) / x1.41 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: loss standard (what you state wins; --explain: the source of each)
Options   checkpointing full, attention flash, loss standard, offload optimizer+params
Parallel  dp 2 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               0 (host RAM)              0.00 GB
  gradients             0 (host RAM)              0.00 GB
  optimizer states      0 (host RAM)              0.00 GB
  activations           L'·m·2sbh+A_layer         3.50 GB
  logits + loss         14·s·b·V                  3.68 GB
  comm. buffers         2·w·Ψ_unit                1.08 GB
  dequantised matrix    2·d_out·d_in              0.47 GB
  allocator slack       0.05·peak                 0.44 GB
  model states                                    0.00 GB
  total at peak (backward)                        9.17 GB ± 1.93 GB
  phases                forward 8.06, backward 9.17, optimizer step 1.14 GB
  usable per GPU                                 24.68 GB  (25.76 total - 1.07 CUDA reserve)

Verdict   FITS: 15.52 GB headroom ± 1.93 GB per GPU (37% of usable memory used)
Host RAM  64.87 GB needed per machine for offload; the machine's RAM is unknown (give --host-ram)
Disk      2.90 GB per checkpoint with optimizer states (whole job); 0.41 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM          8.64 s
  data-parallel comm.   exposed of ring collectives       0.549 s
  offload               4·Ψ/N/PCIe + Ψ/N/CPU               5.87 s
  communication (all)                                      2.91 s  (0.549 s exposed; 36.60 GB per GPU)
  step                                                     15.1 s  (9.94–20.2)

Throughput  272 tokens/s (whole job), 136 per GPU
MFU         24.3% (HFU 36.2% with recomputation; peak 165 TFLOP/s per GPU at 95% GEMM efficiency)
Speed-up    1.15x vs one GPU (57% of linear over 2 GPUs)
Bottleneck: compute: 57% of the step is the GPUs' arithmetic
Cost        0.6069 EUR/h for 2 GPUs (reference price: median over providers of 28 catalog offers for RTX4090; give --offer or --price for yours)
            0.00254 EUR per step, 0.6202 EUR per million tokens

Note      offload keeps optimizer states in host RAM, whose size is unknown: give the machine's RAM (--host-ram) to check it
Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
