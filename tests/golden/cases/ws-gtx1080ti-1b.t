args: --model 1B --gpus 1xGTX1080TI
rc: 0
--- stdout
Model     1B: 1.000 B parameters (generic size: exact nominal count, shape of GPT-3 XL)
          read as the shape of GPT-3 XL, vocabulary 50,257; FFN 4,981 solved for the exact count (its own: 8,192)
          24 layers, hidden 2048, 16 heads (16 KV), ffn 4981, vocab 50257
Machine   1 x GTX1080TI (11 GB GDDR5X, 11.81 GB each), link pcie3-host (15.8 GB/s per direction)
Job       train, single (N = 1), bf16-mixed, adamw, full fine-tuning
Strategy  auto: single needs 21.0 GB per GPU (> 10.7 usable); single+offload optimizer fits: 6.4 GB per GPU of 10.7 usable, the fastest of 2 that fit (328 tokens/s)
Batch     micro-batch 1 x grad-accum 1 x dp 1 = 1 sample of 2048 tokens = 2048 tokens per step
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload optimizer
Parallel  dp 1 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ                       2.00 GB
  gradients             0 (host RAM)              0.00 GB
  optimizer states      0 (host RAM)              0.00 GB
  activations           L'·m·A_layer              2.61 GB
  logits + loss         14·s·b·V                  1.44 GB
  allocator slack       0.05·peak                 0.30 GB
  model states                                    2.00 GB
  total at peak (backward)                        6.35 GB ± 1.33 GB
  phases                forward 5.92, backward 6.35, optimizer step 2.10 GB
  usable per GPU                                 10.74 GB  (11.81 total - 1.07 CUDA reserve)

Verdict   FITS: 4.38 GB headroom ± 1.33 GB per GPU (59% of usable memory used)
Host RAM  24.00 GB needed per machine for offload; the machine's RAM is unknown (give --host-ram)
Disk      14.00 GB per checkpoint with optimizer states (whole job); 2.00 GB for a weights-only export

Faster settings that also fit (flags to add; tokens/s of the whole job):
  --lora 16: 793 tokens/s at 0.0174 EUR per million, 6.5 GB per GPU (adds 0.2 GB); changes the training: adapters on a frozen base
  --qlora: 787 tokens/s at 0.0175 EUR per million, 5.2 GB per GPU (saves 1.2 GB); changes the training: adapters on a 4-bit frozen base

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM        3.43 s
  offload               4·Ψ/N/PCIe + Ψ/N/CPU             2.82 s
  step                                                   6.25 s  (4.12–8.37)

Throughput  328 tokens/s (whole job), 328 per GPU
MFU         37.4% (HFU 37.4% with recomputation; peak 6 TFLOP/s per GPU at 68% GEMM efficiency)
Bottleneck: compute: 55% of the step is the GPUs' arithmetic
Cost        0.04963 EUR/h for 1 GPU (reference price: median over providers of 1 catalog offer for GTX1080TI; give --offer or --price for yours)
            8.612e-05 EUR per step, 0.04205 EUR per million tokens

Note      offload keeps optimizer states in host RAM, whose size is unknown: give the machine's RAM (--host-ram) to check it
Note      this GPU has no bf16 tensor cores (Pascal, Volta, Turing): bf16 runs far slower than fp16 there (Volta's and Turing's bf16 figures here are their fp16 ones; Pascal's are PyTorch's emulated bf16 GEMMs, about half its fp16 rate); train with --precision fp16-mixed
--- stderr
