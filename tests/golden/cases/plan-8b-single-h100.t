args: --model 8B --gpus H100
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 16264, vocab 32000
Machine   1 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, single (N = 1), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 1 = 1 sample of 2048 tokens = 2048 tokens per step
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 1 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ                      16.00 GB
  gradients             2·Ψ                      16.00 GB
  optimizer states      12·Ψ                     96.00 GB
  activations           L'·m·A_layer             12.06 GB
  logits + loss         14·s·b·V                  0.92 GB
  allocator slack       0.05·peak                 6.40 GB
  model states                                  128.00 GB
  total at peak (optimizer step)                134.40 GB ± 18.82 GB
  phases                forward 130.95, backward 131.22, optimizer step 134.40 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   DOES NOT FIT: 49.95 GB short ± 18.82 GB per GPU
Disk      112.00 GB per checkpoint with optimizer states (whole job); 16.00 GB for a weights-only export

Changes that make it fit (cheapest first):
  --optimizer adamw-8bit: 84.3 GB per GPU (saves 50.1 GB)
  --offload optimizer: 30.4 GB per GPU (saves 104.0 GB)
  --lora 16: 31.1 GB per GPU (saves 103.3 GB)
  --gpus 2xH100-SXM --strategy zero3: 73.9 GB per GPU (saves 60.5 GB)

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM       0.272 s
  step                                                  0.272 s  (0.158–0.386)

Throughput  7,533 tokens/s (whole job), 7,533 per GPU
MFU         38.4% (hardware FLOPs 37.2%; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Bottleneck: compute: 100% of the step is the GPUs' arithmetic
Cost        3.276 EUR/h for 1 GPU (reference price: median of 16 catalog offers for H100-SXM; give --offer or --price for yours)
            0.0002474 EUR per step, 0.1208 EUR per million tokens
--- stderr
