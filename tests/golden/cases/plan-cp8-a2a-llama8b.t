args: --model llama-3.1-8b --gpus 8xH100 --seq 65536 --framework megatron --strategy zero1 --ckpt full --cp 8 --cp-impl a2a
rc: 0
--- stdout
Model     llama-3.1-8b: 8.030 B parameters
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14336, vocab 128256
Machine   8 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero1 (N = 8), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 1 = 1 sample of 65536 tokens = 65536 tokens per step
Framework megatron (Megatron-LM / Megatron-Core (NVIDIA)): its defaults here: loss standard, attn flash, fused_kernels true, optimizer_impl fused, logits_kept false, grads_fp32 true (what you state wins; --explain: the source of each)
Options   checkpointing full, attention flash, loss standard, offload none
Parallel  dp 1 x tp 1 x pp 1 x cp 8 (a2a)

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ                      16.06 GB
  gradients             4·Ψ                      32.12 GB
  optimizer states      12·Ψ/N                   12.05 GB
  activations           L'·m·2sbh+A_layer         3.66 GB
  logits + loss         12·s·b·V                 12.61 GB
  allocator slack       0.05·peak                 3.01 GB
  model states                                   60.23 GB
  total at peak (optimizer step)                 63.24 GB ± 13.28 GB
  phases                forward 44.38, backward 46.59, optimizer step 63.24 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 21.21 GB headroom ± 13.28 GB per GPU (75% of usable memory used)
Disk      112.42 GB per checkpoint with optimizer states (whole job); 16.06 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM                 1.82 s
  data-parallel comm.   exposed of ring collectives              0.054 s
  tensor+context comm.  4·L·allreduce(2sbh) + a2a(q,k,v,o)       0.053 s
  communication (all)                                            0.170 s  (0.106 s exposed; 56.25 GB per GPU)
  step                                                            1.92 s  (1.27–2.57)

Throughput  34,105 tokens/s (whole job), 4,263 per GPU
MFU         63.8% (HFU 85.1% with recomputation; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Speed-up    7.56x vs one GPU (94% of linear over 8 GPUs)
Bottleneck: compute: 94% of the step is the GPUs' arithmetic
Cost        25.35 EUR/h for 8 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.01353 EUR per step, 0.2065 EUR per million tokens
--- stderr
