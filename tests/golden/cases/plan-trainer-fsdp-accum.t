args: --model 8B --gpus 8xH100 --strategy fsdp --framework hf-trainer --grad-accum 4
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          read as the shape of Llama 3.1 8B, vocabulary 128,256; FFN 14,259 solved for the exact count (its own: 14,336)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14259, vocab 128256
Machine   8 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero3 (N = 8), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 4 x dp 8 = 32 samples of 2048 tokens = 65536 tokens per step
          = 8x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x8 (SGD) / x2.83 (Adam), warmed up
Framework hf-trainer (Hugging Face Transformers Trainer (and its DeepSpeed and FSDP integrations)): its defaults here: ckpt none, loss standard, attn sdpa, fused_kernels false, compile false, optimizer_impl fused, logits_kept false, fsdp_reduce_fp32 false, fsdp_no_sync true (what you state wins; --explain: the source of each)
Options   checkpointing none, attention sdpa, loss standard, offload none
Parallel  dp 8 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                     2.00 GB
  gradients             2·Ψ                      16.00 GB
  optimizer states      12·Ψ/N                   12.00 GB
  activations           L'·m·A_layer             13.15 GB
  logits + loss         12·s·b·V                  3.15 GB
  comm. buffers         3·w·Ψ_unit                3.15 GB
  allocator slack       0.05·peak                 2.47 GB
  model states                                   30.00 GB
  total at peak (backward)                       51.93 GB ± 10.91 GB
  phases                forward 51.38, backward 51.93, optimizer step 34.81 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 32.52 GB headroom ± 10.91 GB per GPU (61% of usable memory used)
Disk      112.00 GB per checkpoint with optimizer states (whole job); 16.00 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.762 s
  data-parallel comm.   exposed of ring collectives       0.066 s
  communication (all)                                     0.350 s  (0.066 s exposed; 126.00 GB per GPU)
  step                                                    0.828 s  (0.546–1.11)

Throughput  79,167 tokens/s (whole job), 9,896 per GPU
MFU         48.1% (HFU 48.1% with recomputation; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Speed-up    8.07x vs one GPU (101% of linear over 8 GPUs): above linear, since each GPU steps only its shard of the optimizer (as in the ZeRO paper)
Bottleneck: compute: 92% of the step is the GPUs' arithmetic
Cost        25.35 EUR/h for 8 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.005829 EUR per step, 0.08894 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
