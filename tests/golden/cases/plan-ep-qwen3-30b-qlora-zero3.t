args: --model Qwen3-30B-A3B --gpus 8xH100 --qlora --strategy zero3 --shard-size 2 --ep 8
rc: 0
--- stdout
Model     qwen3-30b-a3b: 30.532 B parameters (3.353 B active, 3.042 B without the embedding, as MoE cards count)
          48 layers, hidden 2048, 32 heads (4 KV), ffn 6144, vocab 151936
Machine   8 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero3 (N = 2), bf16-mixed, adamw, QLoRA: NF4 base, LoRA rank 16 on all-linear (848.6 M adapter parameters)
Batch     micro-batch 1 x grad-accum 1 x dp 8 = 8 samples of 2048 tokens = 16384 tokens per step
          = 8x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x8 (SGD) / x2.83 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 8 x tp 1 x pp 1; experts: ep 8 x etp 1

Memory per GPU (GB = 10^9 bytes)
  weights               (0.5159·Ψ_lin+2·Ψ_rest+2·Ψ_lora)/N        2.95 GB
  gradients             2·Ψ_lora/N                                0.23 GB
  optimizer states      12·Ψ_lora/N                               1.35 GB
  activations           L'·m·A_layer                             15.63 GB
  logits + loss         14·s·b·V                                  4.36 GB
  comm. buffers         2·w·Ψ_unit                                0.64 GB
  optimizer step temp.  one moment (step)                         0.45 GB
  allocator slack       0.05·peak                                 1.25 GB
  model states                                                    4.53 GB
  total at peak (backward)                                       26.19 GB ± 5.50 GB
  phases                forward 24.88, backward 26.19, optimizer step 5.91 GB
  usable per GPU                                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 58.26 GB headroom ± 5.50 GB per GPU (31% of usable memory used)
Disk      11.88 GB per checkpoint with optimizer states (whole job); 1.70 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM                   1.15 s
  data-parallel comm.   exposed of ring collectives                0.002 s
  expert all-to-all     (4|6)·L_moe·a2a(sbkh·2B), per expert       0.038 s
    MoE experts         F_exp/(peak·eff(M))                        0.051 s
    MoE dispatch        B/HBM+syncs+counts                         0.022 s
  communication (all)                                              0.046 s  (0.040 s exposed; 14.24 GB per GPU)
  step                                                              1.19 s  (0.782–1.59)

Throughput  13,826 tokens/s (whole job), 1,728 per GPU
MFU         3.9% (HFU 3.9% with recomputation; peak 989 TFLOP/s per GPU at 64% GEMM efficiency)
Speed-up    21.14x vs one GPU (264% of linear over 8 GPUs): above linear, since with --ep each GPU runs only its share of the experts' kernels and launches
Bottleneck: the host CPU: 97% of the step is the CPU issuing eager PyTorch's operators, slower than the GPUs run them (torch.compile: --compile)
Cost        25.35 EUR/h for 8 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.008344 EUR per step, 0.5093 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
