args: --model google/gemma-3-4b-it --gpus 1xH100 --images 2 --seq 4096 --ckpt full
rc: 0
--- stdout
Model     gemma-3-4b: 4.300 B parameters
          of which 419.8 M in the vision tower and projector
          34 layers, hidden 2560, 8 heads (4 KV), ffn 10240, vocab 262208
Machine   1 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, single (N = 1), bf16-mixed, adamw, full fine-tuning
Strategy  auto: single+ckpt full is borderline: up to 98.6 GB per GPU with its error band (84.4 usable); single+ckpt full+offload optimizer fits: 26.3 GB per GPU of 84.4 usable
Batch     micro-batch 1 x grad-accum 1 x dp 1 = 1 sample of 4096 tokens = 4096 tokens per step
Images    2 a sample x 4096 patch tokens through the vision tower (27 layers of 1152), trained: 0.80 GB of the activations
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: loss standard (what you state wins; --explain: the source of each)
Options   checkpointing full, attention flash, loss standard, offload optimizer
Parallel  dp 1 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ                       7.76 GB
  gradients             0 (host RAM)              0.00 GB
  optimizer states      0 (host RAM)              0.00 GB
  activations           L'·m·2sbh+A_layer         2.24 GB
  logits + loss         14·s·b·V                 15.04 GB
  allocator slack       0.05·peak                 1.25 GB
  model states                                    7.76 GB
  total at peak (backward)                       26.28 GB ± 5.52 GB
  phases                forward 21.77, backward 26.28, optimizer step 8.15 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 58.16 GB headroom ± 5.52 GB per GPU (31% of usable memory used)
Host RAM  93.13 GB needed per machine for offload; the machine's RAM is unknown (give --host-ram)
Disk      60.20 GB per checkpoint with optimizer states (whole job); 8.60 GB for a weights-only export

Faster settings that also fit (flags to add; tokens/s of the whole job):
  --precision fp8-mixed --lora 16 --ckpt none: 19,921 tokens/s at 0.0442 EUR per million, 43.8 GB per GPU (adds 17.5 GB); changes the training: FP8 matmuls, adapters on a frozen base
  --precision bf16 --optimizer adamw-8bit --ckpt none: 13,042 tokens/s at 0.0675 EUR per million, 64.8 GB per GPU (adds 38.5 GB); changes the training: pure bf16 weights (no fp32 master), 8-bit optimizer states
  --precision bf16 --optimizer adafactor --ckpt none: 13,042 tokens/s at 0.0675 EUR per million, 56.5 GB per GPU (adds 30.2 GB); changes the training: pure bf16 weights (no fp32 master), Adafactor's factored states
  (4 more in --json)

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM       0.359 s
  offload               4·Ψ/N/PCIe + Ψ/N/CPU             11.1 s
  step                                                   11.5 s  (7.56–15.3)

Throughput  358 tokens/s (whole job), 358 per GPU
MFU         1.2% (HFU 1.6% with recomputation; peak 989 TFLOP/s per GPU at 67% GEMM efficiency)
Bottleneck: offload: 97% of the step waits on PCIe transfers and the CPU optimizer
Cost        3.169 EUR/h for 1 GPU (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.01008 EUR per step, 2.46 EUR per million tokens

Note      offload keeps optimizer states in host RAM, whose size is unknown: give the machine's RAM (--host-ram) to check it
--- stderr
