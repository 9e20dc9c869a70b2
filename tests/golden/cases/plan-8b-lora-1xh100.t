args: --model llama-3.1-8b --gpus 1xH100 --lora
rc: 0
--- stdout
Model     llama-3.1-8b: 8.030 B parameters
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14336, vocab 128256
Machine   1 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, single (N = 1), bf16-mixed, adamw, LoRA rank 16 on all-linear (41.9 M adapter parameters)
Strategy  auto: single fits: 32.9 GB per GPU of 84.4 usable
Batch     micro-batch 1 x grad-accum 1 x dp 1 = 1 sample of 2048 tokens = 2048 tokens per step
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 1 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ+2·Ψ_lora             16.14 GB
  gradients             2·Ψ_lora                  0.08 GB
  optimizer states      12·Ψ_lora                 0.50 GB
  activations           L'·m·A_layer             11.05 GB
  logits + loss         14·s·b·V                  3.68 GB
  allocator slack       0.05·peak                 1.57 GB
  model states                                   16.73 GB
  total at peak (backward)                       32.94 GB ± 4.61 GB
  phases                forward 31.84, backward 32.94, optimizer step 17.57 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 51.51 GB headroom ± 4.61 GB per GPU (39% of usable memory used)
Disk      0.59 GB per checkpoint with optimizer states (whole job); 0.08 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM       0.174 s
  step                                                  0.174 s  (0.101–0.247)

Throughput  11,755 tokens/s (whole job), 11,755 per GPU
MFU         39.8% (hardware FLOPs 37.9%; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Bottleneck: compute: 100% of the step is the GPUs' arithmetic
Cost        3.169 EUR/h for 1 GPU (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.0001533 EUR per step, 0.07487 EUR per million tokens
--- stderr
