args: --model llama-3.1-8b --gpus 1xRTX4090 --qlora --lora-targets attn --seq 1024 --ckpt full
rc: 0
--- stdout
Model     llama-3.1-8b: 8.030 B parameters
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14336, vocab 128256
Machine   1 x RTX4090 (24 GB GDDR6X, 25.76 GB each), link pcie4-host (31.5 GB/s per direction)
Job       train, single (N = 1), bf16-mixed, adamw, QLoRA: NF4 base, LoRA rank 16 on attn (13.6 M adapter parameters)
Strategy  auto: single+ckpt full fits: 8.7 GB per GPU of 24.7 usable
Batch     micro-batch 1 x grad-accum 1 x dp 1 = 1 sample of 1024 tokens = 1024 tokens per step
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing full, attention flash, loss standard, offload none
Parallel  dp 1 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               0.5159·Ψ_lin+2·Ψ_rest+2·Ψ_lora        5.73 GB
  gradients             2·Ψ_lora                              0.03 GB
  optimizer states      12·Ψ_lora                             0.16 GB
  activations           L'·m·2sbh+A_layer                     0.44 GB
  logits + loss         14·s·b·V                              1.84 GB
  dequantised matrix    2·d_out·d_in                          0.12 GB
  allocator slack       0.05·peak                             0.41 GB
  model states                                                5.92 GB
  total at peak (backward)                                    8.70 GB ± 1.83 GB
  phases                forward 8.15, backward 8.70, optimizer step 6.27 GB
  usable per GPU                                             24.68 GB  (25.76 total - 1.07 CUDA reserve)

Verdict   FITS: 15.98 GB headroom ± 1.83 GB per GPU (35% of usable memory used)
Disk      0.19 GB per checkpoint with optimizer states (whole job); 0.03 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM       0.569 s
  step                                                  0.569 s  (0.375–0.762)

Throughput  1,800 tokens/s (whole job), 1,800 per GPU
MFU         34.6% (HFU 51.5% with recomputation; peak 165 TFLOP/s per GPU at 90% GEMM efficiency)
Bottleneck: compute: 100% of the step is the GPUs' arithmetic
Cost        0.3035 EUR/h for 1 GPU (reference price: median over providers of 28 catalog offers for RTX4090; give --offer or --price for yours)
            4.795e-05 EUR per step, 0.04683 EUR per million tokens
--- stderr
