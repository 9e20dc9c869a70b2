args: --model llama-3.1-8b --gpus 8xMI355X --framework megatron --seq 8192 --micro-batch 2 --precision mxfp8
rc: 0
--- stdout
Model     llama-3.1-8b: 8.030 B parameters
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14336, vocab 128256
Machine   8 x MI355X (288 GB HBM3e, 309.22 GB each), link xgmi-cdna4 (76.5 GB/s per direction)
Job       train, zero2 (N = 8), mxfp8, adamw, full fine-tuning
Strategy  auto: zero2 fits: 151.9 GB per GPU of 308.1 usable, the fastest of 12 that fit (145,634 tokens/s)
Batch     micro-batch 2 x grad-accum 1 x dp 8 = 16 samples of 8192 tokens = 131072 tokens per step
          = 8x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x8 (SGD) / x2.83 (Adam), warmed up
Framework megatron (Megatron-LM / Megatron-Core (NVIDIA)): its defaults here: ckpt none, loss standard, attn flash, fused_kernels true, optimizer_impl fused, logits_kept false, grads_fp32 true (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 8 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ+2·(1+1/32)·Ψ_lin(mxfp8)       30.46 GB
  gradients             4·Ψ/N                              4.02 GB
  optimizer states      12·Ψ/N                            12.05 GB
  activations           L'·m·A_layer                      76.94 GB
  logits + loss         12·s·b·V                          25.22 GB
  allocator slack       0.05·peak                          7.23 GB
  model states                                            46.52 GB
  total at peak (backward)                               151.89 GB ± 31.90 GB
  phases                forward 147.48, backward 151.89, optimizer step 48.84 GB
  usable per GPU                                         308.15 GB  (309.22 total - 1.07 CUDA reserve)

Verdict   FITS: 156.26 GB headroom ± 31.90 GB per GPU (49% of usable memory used)
Disk      112.42 GB per checkpoint with optimizer states (whole job); 16.06 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.460 s
  data-parallel comm.   exposed of ring collectives       0.440 s
  communication (all)                                     0.689 s  (0.440 s exposed; 42.16 GB per GPU)
  step                                                    0.900 s  (0.594–1.21)

Throughput  145,634 tokens/s (whole job), 18,204 per GPU
MFU         22.4% (HFU 22.4% with recomputation; peak 4704 TFLOP/s per GPU at 55% GEMM efficiency)
Speed-up    4.36x vs one GPU (54% of linear over 8 GPUs)
Bottleneck: compute: 51% of the step is the GPUs' arithmetic
Cost        21.21 EUR/h for 8 GPUs (reference price: median over providers of 3 catalog offers for MI355X; give --offer or --price for yours)
            0.005302 EUR per step, 0.04045 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
