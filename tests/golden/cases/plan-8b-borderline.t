args: --model 8B --gpus 4xH100 --strategy zero3 --micro-batch 3
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          read as the shape of Llama 3.1 8B, vocabulary 128,256; FFN 14,259 solved for the exact count (its own: 14,336)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14259, vocab 128256
Machine   4 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero3 (N = 4), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 3 x grad-accum 1 x dp 4 = 12 samples of 2048 tokens = 24576 tokens per step
          = 4x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x4 (SGD) / x2 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 4 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                     4.00 GB
  gradients             2·Ψ/N                     4.00 GB
  optimizer states      12·Ψ/N                   24.00 GB
  activations           L'·m·A_layer             39.46 GB
  logits + loss         14·s·b·V                 11.03 GB
  comm. buffers         3·w·Ψ_unit                3.15 GB
  optimizer step temp.  one moment (step)         8.00 GB
  allocator slack       0.05·peak                 4.08 GB
  model states                                   32.00 GB
  total at peak (backward)                       85.73 GB ± 18.00 GB
  phases                forward 82.42, backward 85.73, optimizer step 45.31 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   BORDERLINE: 1.28 GB short ± 18.00 GB per GPU (the band crosses the usable memory: it may run out of memory; the changes below make it fit)
Disk      112.00 GB per checkpoint with optimizer states (whole job); 16.00 GB for a weights-only export

Changes that make it fit (flags to add, fastest first; tokens/s of the whole job):
  --precision fp8-mixed --lora 16: 51,634 tokens/s at 0.0682 EUR per million, 52.5 GB per GPU (saves 33.2 GB); changes the training: FP8 matmuls, adapters on a frozen base
  --precision fp8-mixed --optimizer adamw-8bit: 50,782 tokens/s at 0.0693 EUR per million, 69.5 GB per GPU (saves 16.3 GB); changes the training: FP8 matmuls, 8-bit optimizer states
  --ckpt full: 31,071 tokens/s at 0.113 EUR per million, 47.4 GB per GPU (saves 38.3 GB); the same training
  --gpus 8xH100-SXM --strategy zero3 --ckpt full: 62,719 tokens/s on 8 GPUs at 0.112 EUR per million, 32.7 GB per GPU; the same training
  (4 more in --json)

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.584 s
  data-parallel comm.   exposed of ring collectives       0.019 s
  communication (all)                                     0.100 s  (0.019 s exposed; 36.00 GB per GPU)
  step                                                    0.603 s  (0.398–0.808)

Throughput  40,744 tokens/s (whole job), 10,186 per GPU
MFU         49.5% (HFU 49.5% with recomputation; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Speed-up    4.29x vs one GPU (107% of linear over 4 GPUs): above linear, since each GPU steps only its shard of the optimizer (as in the ZeRO paper)
Bottleneck: compute: 97% of the step is the GPUs' arithmetic
Cost        12.67 EUR/h for 4 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.002124 EUR per step, 0.08641 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
