args: --model 8B --gpus 8xMI355X --strategy zero3
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          read as the shape of Llama 3.1 8B, vocabulary 128,256; FFN 14,259 solved for the exact count (its own: 14,336)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14259, vocab 128256
Machine   8 x MI355X (288 GB HBM3e, 309.22 GB each), link xgmi-cdna4 (76.5 GB/s per direction)
Job       train, zero3 (N = 8), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 8 = 8 samples of 2048 tokens = 16384 tokens per step
          = 8x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x8 (SGD) / x2.83 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 8 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                     2.00 GB
  gradients             2·Ψ/N                     2.00 GB
  optimizer states      12·Ψ/N                   12.00 GB
  activations           L'·m·A_layer             13.15 GB
  logits + loss         14·s·b·V                  3.68 GB
  comm. buffers         3·w·Ψ_unit                3.15 GB
  optimizer step temp.  one moment (step)         4.00 GB
  allocator slack       0.05·peak                 1.70 GB
  model states                                   16.00 GB
  total at peak (backward)                       35.68 GB ± 7.49 GB
  phases                forward 34.58, backward 35.68, optimizer step 24.31 GB
  usable per GPU                                308.15 GB  (309.22 total - 1.07 CUDA reserve)

Verdict   FITS: 272.46 GB headroom ± 7.49 GB per GPU (12% of usable memory used)
Disk      112.00 GB per checkpoint with optimizer states (whole job); 16.00 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.092 s
  data-parallel comm.   exposed of ring collectives       0.612 s
  communication (all)                                     0.686 s  (0.612 s exposed; 42.00 GB per GPU)
  step                                                    0.704 s  (0.464–0.943)

Throughput  23,283 tokens/s (whole job), 2,910 per GPU
MFU         5.6% (HFU 5.6% with recomputation; peak 2517 TFLOP/s per GPU at 55% GEMM efficiency)
Speed-up    1.39x vs one GPU (17% of linear over 8 GPUs)
Bottleneck: the link: 87% of the step waits on Infinity Fabric (xgmi-cdna4)
Cost        21.21 EUR/h for 8 GPUs (reference price: median over providers of 3 catalog offers for MI355X; give --offer or --price for yours)
            0.004145 EUR per step, 0.253 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
