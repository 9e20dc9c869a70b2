args: --model 8B --gpus H100
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          read as the shape of Llama 3.1 8B, vocabulary 128,256; FFN 14,259 solved for the exact count (its own: 14,336)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14259, vocab 128256
Machine   1 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, single (N = 1), bf16-mixed, adamw, full fine-tuning
Strategy  auto: single needs 168.0 GB per GPU (> 84.4 usable); single+offload optimizer fits: 34.5 GB per GPU of 84.4 usable, the fastest of 2 that fit (98 tokens/s)
Batch     micro-batch 1 x grad-accum 1 x dp 1 = 1 sample of 2048 tokens = 2048 tokens per step
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload optimizer
Parallel  dp 1 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ                      16.00 GB
  gradients             0 (host RAM)              0.00 GB
  optimizer states      0 (host RAM)              0.00 GB
  activations           L'·m·A_layer             13.15 GB
  logits + loss         14·s·b·V                  3.68 GB
  allocator slack       0.05·peak                 1.64 GB
  model states                                   16.00 GB
  total at peak (backward)                       34.47 GB ± 7.24 GB
  phases                forward 33.37, backward 34.47, optimizer step 16.80 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 49.97 GB headroom ± 7.24 GB per GPU (41% of usable memory used)
Host RAM  192.00 GB needed per machine for offload; the machine's RAM is unknown (give --host-ram)
Disk      112.00 GB per checkpoint with optimizer states (whole job); 16.00 GB for a weights-only export

Faster settings that also fit (flags to add; tokens/s of the whole job):
  --precision fp8-mixed --lora 16: 13,226 tokens/s at 0.0665 EUR per million, 32.4 GB per GPU (saves 2.0 GB); changes the training: FP8 matmuls, adapters on a frozen base
  --optimizer adafactor: 7,547 tokens/s at 0.117 EUR per million, 68.1 GB per GPU (adds 33.6 GB); changes the training: Adafactor's factored states
  --precision bf16 --optimizer adamw-8bit: 7,547 tokens/s at 0.117 EUR per million, 51.5 GB per GPU (adds 17.1 GB); changes the training: pure bf16 weights (no fp32 master), 8-bit optimizer states
  (2 more in --json)

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM       0.188 s
  offload               4·Ψ/N/PCIe + Ψ/N/CPU             20.6 s
  step                                                   20.8 s  (13.7–27.9)

Throughput  98 tokens/s (whole job), 98 per GPU
MFU         0.5% (HFU 0.5% with recomputation; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Bottleneck: offload: 99% of the step waits on PCIe transfers and the CPU optimizer
Cost        3.169 EUR/h for 1 GPU (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.01833 EUR per step, 8.949 EUR per million tokens

Note      offload keeps optimizer states in host RAM, whose size is unknown: give the machine's RAM (--host-ram) to check it
--- stderr
