args: --model 8B --gpus 4xH100 --strategy ddp
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          read as the shape of Llama 3.1 8B, vocabulary 128,256; FFN 14,259 solved for the exact count (its own: 14,336)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14259, vocab 128256
Machine   4 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, ddp (N = 1), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 4 = 4 samples of 2048 tokens = 8192 tokens per step
          = 4x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x4 (SGD) / x2 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, ddp_bucket_view false, optimizer_impl foreach, autocast true (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 4 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               4·Ψ                      32.00 GB
  gradients             4·Ψ                      32.00 GB
  optimizer states      8·Ψ                      64.00 GB
  activations           L'·m·A_layer             13.15 GB
  logits + loss         14·s·b·V                  3.68 GB
  comm. buffers         G (bucket copy)          32.00 GB
  optimizer step temp.  one moment (step)        32.00 GB
  allocator slack       0.05·peak                 9.60 GB
  model states                                  128.00 GB
  total at peak (optimizer step)                201.60 GB ± 42.34 GB
  phases                forward 167.77, backward 168.87, optimizer step 201.60 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   DOES NOT FIT: 117.15 GB short ± 42.34 GB per GPU
Disk      96.00 GB per checkpoint with optimizer states (whole job); 16.00 GB for a weights-only export

Changes that make it fit (flags to add, fastest first; tokens/s of the whole job):
  --strategy zero2 --precision fp8-mixed --lora 16: 52,940 tokens/s at 0.0665 EUR per million, 33.1 GB per GPU (saves 168.5 GB); changes the training: FP8 matmuls, adapters on a frozen base
  --strategy zero3 --precision fp8-mixed: 43,609 tokens/s at 0.0807 EUR per million, 49.8 GB per GPU (saves 151.8 GB); changes the training: FP8 matmuls
  --strategy zero3: 35,994 tokens/s at 0.0978 EUR per million, 50.4 GB per GPU (saves 151.2 GB); the same training
  --gpus 8xH100-SXM --strategy zero3: 74,368 tokens/s on 8 GPUs at 0.0947 EUR per million, 35.7 GB per GPU; the same training
  (2 more in --json)

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.271 s
  data-parallel comm.   exposed of ring collectives       0.032 s
  communication (all)                                     0.133 s  (0.032 s exposed; 48.00 GB per GPU)
  step                                                    0.304 s  (0.200–0.407)

Throughput  26,976 tokens/s (whole job), 6,744 per GPU
MFU         32.8% (HFU 32.8% with recomputation; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Speed-up    3.57x vs one GPU (89% of linear over 4 GPUs)
Bottleneck: compute: 89% of the step is the GPUs' arithmetic
Cost        12.67 EUR/h for 4 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.001069 EUR per step, 0.1305 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
