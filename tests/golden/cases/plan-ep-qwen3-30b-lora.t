args: --model Qwen3-30B-A3B --gpus 4xH100 --lora 16 --strategy ddp --ep 4
rc: 0
--- stdout
Model     qwen3-30b-a3b: 30.532 B parameters (3.353 B active, 3.042 B without the embedding, as MoE cards count)
          48 layers, hidden 2048, 32 heads (4 KV), ffn 6144, vocab 151936
Machine   4 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, ddp (N = 1), bf16-mixed, adamw, LoRA rank 16 on all-linear (848.6 M adapter parameters)
Batch     micro-batch 1 x grad-accum 1 x dp 4 = 4 samples of 2048 tokens = 8192 tokens per step
          = 4x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x4 (SGD) / x2 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, ddp_bucket_view false, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 4 x tp 1 x pp 1; experts: ep 4 x etp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ+2·Ψ_lora             18.03 GB
  gradients             2·Ψ_lora                  0.45 GB
  optimizer states      12·Ψ_lora                 2.71 GB
  activations           L'·m·A_layer             15.63 GB
  logits + loss         14·s·b·V                  4.36 GB
  comm. buffers         G (bucket copy)           0.45 GB
  optimizer step temp.  one moment (step)         0.90 GB
  allocator slack       0.05·peak                 2.06 GB
  model states                                   21.19 GB
  total at peak (backward)                       43.23 GB ± 9.08 GB
  phases                forward 41.92, backward 43.23, optimizer step 23.67 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 41.22 GB headroom ± 9.08 GB per GPU (51% of usable memory used)
Disk      11.88 GB per checkpoint with optimizer states (whole job); 1.70 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM                   1.16 s
  data-parallel comm.   exposed of ring collectives             0.000451 s
  expert all-to-all     (4|6)·L_moe·a2a(sbkh·2B), per expert       0.030 s
    MoE experts         F_exp/(peak·eff(M))                        0.051 s
    MoE dispatch        B/HBM+syncs+counts                         0.021 s
  communication (all)                                              0.032 s  (0.030 s exposed; 10.34 GB per GPU)
  step                                                              1.19 s  (0.783–1.59)

Throughput  6,906 tokens/s (whole job), 1,726 per GPU
MFU         3.9% (HFU 3.9% with recomputation; peak 989 TFLOP/s per GPU at 64% GEMM efficiency)
Speed-up    10.45x vs one GPU (261% of linear over 4 GPUs): above linear, since with --ep each GPU runs only its share of the experts' kernels and launches
Bottleneck: the host CPU: 97% of the step is the CPU issuing eager PyTorch's operators, slower than the GPUs run them (torch.compile: --compile)
Cost        12.67 EUR/h for 4 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.004176 EUR per step, 0.5098 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
