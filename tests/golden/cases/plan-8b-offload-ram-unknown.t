args: --model 8B --gpus 1xH100 --offload optimizer --ckpt full
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          read as the shape of Llama 3.1 8B, vocabulary 128,256; FFN 14,259 solved for the exact count (its own: 14,336)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14259, vocab 128256
Machine   1 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, single (N = 1), bf16-mixed, adamw, full fine-tuning
Strategy  auto: single+ckpt full+offload optimizer fits: 21.7 GB per GPU of 84.4 usable
Batch     micro-batch 1 x grad-accum 1 x dp 1 = 1 sample of 2048 tokens = 2048 tokens per step
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: loss standard (what you state wins; --explain: the source of each)
Options   checkpointing full, attention flash, loss standard, offload optimizer
Parallel  dp 1 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ                      16.00 GB
  gradients             0 (host RAM)              0.00 GB
  optimizer states      0 (host RAM)              0.00 GB
  activations           L'·m·2sbh+A_layer         0.98 GB
  logits + loss         14·s·b·V                  3.68 GB
  allocator slack       0.05·peak                 1.03 GB
  model states                                   16.00 GB
  total at peak (backward)                       21.69 GB ± 4.56 GB
  phases                forward 20.59, backward 21.69, optimizer step 16.80 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 62.76 GB headroom ± 4.56 GB per GPU (26% of usable memory used)
Host RAM  192.00 GB needed per machine for offload; the machine's RAM is unknown (give --host-ram)
Disk      112.00 GB per checkpoint with optimizer states (whole job); 16.00 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM       0.250 s
  offload               4·Ψ/N/PCIe + Ψ/N/CPU             20.6 s
  step                                                   20.9 s  (13.8–28.0)

Throughput  98 tokens/s (whole job), 98 per GPU
MFU         0.5% (HFU 0.6% with recomputation; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Bottleneck: offload: 99% of the step waits on PCIe transfers and the CPU optimizer
Cost        3.169 EUR/h for 1 GPU (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.01838 EUR per step, 8.976 EUR per million tokens

Note      offload keeps optimizer states in host RAM, whose size is unknown: give the machine's RAM (--host-ram) to check it
--- stderr
