args: --model gpt-oss-120b --gpus 8xH100 --lora 16 --strategy ddp --ep 8
rc: 0
--- stdout
Model     gpt-oss-120b: 116.829 B parameters (5.712 B active, 5.133 B without the embedding, as MoE cards count)
          36 layers, hidden 2880, 64 heads (8 KV), ffn 2880, vocab 201088
Machine   8 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, ddp (N = 1), bf16-mixed, adamw, LoRA rank 16 on all-linear (1.291 B adapter parameters)
Batch     micro-batch 1 x grad-accum 1 x dp 8 = 8 samples of 2048 tokens = 16384 tokens per step
          = 8x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x8 (SGD) / x2.83 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, ddp_bucket_view false, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 8 x tp 1 x pp 1; experts: ep 8 x etp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ+2·Ψ_lora             33.35 GB
  gradients             2·Ψ_lora                  0.35 GB
  optimizer states      12·Ψ_lora                 2.11 GB
  activations           L'·m·A_layer             14.21 GB
  logits + loss         14·s·b·V                  5.77 GB
  comm. buffers         G (bucket copy)           0.35 GB
  optimizer step temp.  one moment (step)         0.70 GB
  allocator slack       0.05·peak                 2.79 GB
  model states                                   35.82 GB
  total at peak (backward)                       58.58 GB ± 12.30 GB
  phases                forward 56.85, backward 58.58, optimizer step 38.72 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 25.87 GB headroom ± 12.30 GB per GPU (69% of usable memory used)
Disk      18.07 GB per checkpoint with optimizer states (whole job); 2.58 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM                   1.40 s
  data-parallel comm.   exposed of ring collectives             0.000445 s
  expert all-to-all     (4|6)·L_moe·a2a(sbkh·2B), per expert       0.022 s
    MoE experts         F_exp/(peak·eff(M))                        0.079 s
    MoE dispatch        B/HBM+syncs+counts                         0.013 s
  communication (all)                                              0.023 s  (0.022 s exposed; 6.56 GB per GPU)
  step                                                              1.42 s  (0.937–1.90)

Throughput  11,536 tokens/s (whole job), 1,442 per GPU
MFU         4.4% (HFU 4.4% with recomputation; peak 989 TFLOP/s per GPU at 68% GEMM efficiency)
Speed-up    14.51x vs one GPU (181% of linear over 8 GPUs): above linear, since with --ep each GPU runs only its share of the experts' kernels and launches
Bottleneck: the host CPU: 98% of the step is the CPU issuing eager PyTorch's operators, slower than the GPUs run them (torch.compile: --compile)
Cost        25.35 EUR/h for 8 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.01 EUR per step, 0.6104 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
