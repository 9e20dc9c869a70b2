args: --model 8B --gpus 4xH100 --strategy ddp
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 16264, vocab 32000
Machine   4 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, ddp (N = 1), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 4 = 4 samples of 2048 tokens = 8192 tokens per step
          = 4x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x4 (SGD) / x2 (Adam), warmed up
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 4 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ                      16.00 GB
  gradients             2·Ψ                      16.00 GB
  optimizer states      12·Ψ                     96.00 GB
  activations           L'·m·A_layer             12.06 GB
  logits + loss         14·s·b·V                  0.92 GB
  comm. buffers         2 × 25 MiB                0.05 GB
  allocator slack       0.05·peak                 6.40 GB
  model states                                  128.00 GB
  total at peak (optimizer step)                134.46 GB ± 18.82 GB
  phases                forward 131.00, backward 131.28, optimizer step 134.46 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   DOES NOT FIT: 50.01 GB short ± 18.82 GB per GPU
Disk      112.00 GB per checkpoint with optimizer states (whole job); 16.00 GB for a weights-only export

Changes that make it fit (cheapest first):
  --strategy zero1: 58.8 GB per GPU (saves 75.7 GB)
  --optimizer adamw-8bit: 84.3 GB per GPU (saves 50.1 GB)
  --offload optimizer --strategy zero2: 30.4 GB per GPU (saves 104.0 GB)
  --lora 16: 31.1 GB per GPU (saves 103.3 GB)
  --gpus 8xH100-SXM --strategy zero3: 29.8 GB per GPU (saves 104.6 GB)

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.272 s
  data-parallel comm.   exposed of ring collectives       0.013 s
  communication (all)                                     0.067 s  (0.013 s exposed; 24.00 GB per GPU)
  step                                                    0.285 s  (0.165–0.405)

Throughput  28,709 tokens/s (whole job), 7,177 per GPU
MFU         36.6% (hardware FLOPs 35.4%; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Speed-up    3.81x vs one GPU (95% of linear over 4 GPUs)
Bottleneck: compute: 95% of the step is the GPUs' arithmetic
Cost        12.67 EUR/h for 4 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.001005 EUR per step, 0.1226 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
