args: --model llama-3.1-70b --gpus 2xRTX4090 --qlora
rc: 0
--- stdout
Model     llama-3.1-70b: 70.554 B parameters
          80 layers, hidden 8192, 64 heads (8 KV), ffn 28672, vocab 128256
Machine   2 x RTX4090 (24 GB GDDR6X, 25.76 GB each), link pcie4-host (31.5 GB/s per direction)
Job       train, zero3 (N = 2), bf16-mixed, adamw, QLoRA: NF4 base, LoRA rank 16 on all-linear (207.1 M adapter parameters)
Strategy  auto: nothing fits: showing zero3 at 90.6 GB per GPU (24.7 usable)
Batch     micro-batch 1 x grad-accum 1 x dp 2 = 2 samples of 2048 tokens = 4096 tokens per step
          = 2x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x2 (SGD) / x1.41 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 2 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               (0.5159·Ψ_lin+2·Ψ_rest+2·Ψ_lora)/N       19.97 GB
  gradients             2·Ψ_lora/N                                0.21 GB
  optimizer states      12·Ψ_lora/N                               1.24 GB
  activations           L'·m·A_layer                             59.87 GB
  logits + loss         14·s·b·V                                  3.68 GB
  comm. buffers         2·w·Ψ_unit                                1.08 GB
  dequantised matrix    2·d_out·d_in                              0.47 GB
  allocator slack       0.05·peak                                 4.32 GB
  model states                                                   21.42 GB
  total at peak (backward)                                       90.63 GB ± 19.03 GB
  phases                forward 89.52, backward 90.63, optimizer step 24.06 GB
  usable per GPU                                                 24.68 GB  (25.76 total - 1.07 CUDA reserve)

Verdict   DOES NOT FIT: 65.94 GB short ± 19.03 GB per GPU
Disk      2.90 GB per checkpoint with optimizer states (whole job); 0.41 GB for a weights-only export

Changes that make it fit (flags to add, fastest first; tokens/s of the whole job):
  --ckpt full --offload optimizer+params: 272 tokens/s at 0.62 EUR per million, 9.2 GB per GPU (saves 81.5 GB); the same training
  --gpus 4xRTX4090 --strategy zero3 --ckpt full: 865 tokens/s on 4 GPUs at 0.39 EUR per million, 20.3 GB per GPU; the same training

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM          5.94 s
  data-parallel comm.   exposed of ring collectives       0.549 s
  communication (all)                                      2.91 s  (0.549 s exposed; 36.60 GB per GPU)
  step                                                     6.49 s  (4.28–8.70)

Throughput  631 tokens/s (whole job), 316 per GPU
MFU         56.4% (HFU 56.4% with recomputation; peak 165 TFLOP/s per GPU at 95% GEMM efficiency)
Speed-up    1.83x vs one GPU (92% of linear over 2 GPUs)
Bottleneck: compute: 92% of the step is the GPUs' arithmetic
Cost        0.6069 EUR/h for 2 GPUs (reference price: median over providers of 28 catalog offers for RTX4090; give --offer or --price for yours)
            0.001094 EUR per step, 0.2672 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
