args: --model 8B --gpus 4xH100 --strategy zero3 --micro-batch 4
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 16264, vocab 32000
Machine   4 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero3 (N = 4), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 4 x grad-accum 1 x dp 4 = 16 samples of 2048 tokens = 32768 tokens per step
          = 4x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x4 (SGD) / x2 (Adam), warmed up
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 4 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                     4.00 GB
  gradients             2·Ψ/N                     4.00 GB
  optimizer states      12·Ψ/N                   24.00 GB
  activations           L'·m·A_layer             48.23 GB
  logits + loss         14·s·b·V                  3.67 GB
  comm. buffers         3·w·Ψ_unit                1.45 GB
  allocator slack       0.05·peak                 4.07 GB
  model states                                   32.00 GB
  total at peak (backward)                       85.42 GB ± 11.96 GB
  phases                forward 84.32, backward 85.42, optimizer step 35.12 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   BORDERLINE: 0.98 GB short ± 11.96 GB per GPU (the band crosses the usable memory)
Disk      112.00 GB per checkpoint with optimizer states (whole job); 16.00 GB for a weights-only export

Changes that make it fit (cheapest first):
  --optimizer adamw-8bit: 72.9 GB per GPU (saves 12.5 GB)
  --ckpt full: 38.8 GB per GPU (saves 46.7 GB)
  --micro-batch 2 --grad-accum 2: 62.4 GB per GPU (saves 23.0 GB)
  --offload optimizer: 60.2 GB per GPU (saves 25.2 GB)
  --lora 16: 59.9 GB per GPU (saves 25.5 GB)
  --gpus 8xH100-SXM --strategy zero3: 70.7 GB per GPU (saves 14.7 GB)

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.774 s
  data-parallel comm.   exposed of ring collectives       0.019 s
  communication (all)                                     0.100 s  (0.019 s exposed; 36.00 GB per GPU)
  step                                                    0.793 s  (0.460–1.13)

Throughput  41,327 tokens/s (whole job), 10,332 per GPU
MFU         52.7% (hardware FLOPs 51.0%; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Speed-up    4.22x vs one GPU (106% of linear over 4 GPUs): above linear, since each GPU steps only its shard of the optimizer (as in the ZeRO paper)
Bottleneck: compute: 98% of the step is the GPUs' arithmetic
Cost        12.67 EUR/h for 4 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.002791 EUR per step, 0.08519 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
