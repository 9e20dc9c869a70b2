args: --model llama-3.1-70b --gpus 8xH100 --nodes 8 --network ib-ndr --seq 8192 --framework megatron --strategy zero1 --tp 4 --sp --pp 4 --virtual-stages 5 --cp 2 --grad-accum 64
rc: 0
--- stdout
Model     llama-3.1-70b: 70.554 B parameters
          80 layers, hidden 8192, 64 heads (8 KV), ffn 28672, vocab 128256
Machine   8 x H100-SXM per node x 8 nodes = 64 GPUs (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
          network ib-ndr between nodes: 8 NICs per node, 50.00 GB/s per GPU per direction (400 Gb/s)
Job       train, zero1 (N = 4), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 64 x dp 2 = 128 samples of 8192 tokens = 1048576 tokens per step
          = 2x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x2 (SGD) / x1.41 (Adam), warmed up
Framework megatron (Megatron-LM / Megatron-Core (NVIDIA)): its defaults here: ckpt none, loss standard, attn flash, fused_kernels true, optimizer_impl fused, logits_kept false, cp_impl ring, grads_fp32 true (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 2 x tp 4 (with sp) x pp 4 (5 virtual stages each) x cp 2 (ring)

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ                       9.08 GB
  gradients             4·Ψ                      18.16 GB
  optimizer states      12·Ψ/N                   13.62 GB
  activations           L'·m·A_layer             31.32 GB
  allocator slack       0.05·peak                 3.61 GB
  model states                                   40.87 GB
  total at peak (forward)                        75.80 GB ± 15.92 GB
  phases                forward 75.80, backward 75.80, optimizer step 42.91 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   BORDERLINE: 8.65 GB headroom ± 15.92 GB per GPU (the band crosses the usable memory: it may run out of memory; the changes below make it fit)
Disk      987.75 GB per checkpoint with optimizer states (whole job); 141.11 GB for a weights-only export

Changes that make it fit (flags to add, fastest first; tokens/s of the whole job):
  --precision fp8-mixed --lora 16: 105,184 tokens/s at 0.536 EUR per million, 38.2 GB per GPU (saves 37.6 GB); changes the training: FP8 matmuls, adapters on a frozen base
  --strategy zero2 --precision fp8-mixed: 94,421 tokens/s at 0.597 EUR per million, 66.0 GB per GPU (saves 9.8 GB); changes the training: FP8 matmuls
  --strategy zero2: 71,961 tokens/s at 0.783 EUR per million, 61.5 GB per GPU (saves 14.3 GB); the same training
  (2 more in --json)

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM             12.8 s
  data-parallel comm.   exposed of ring collectives          0.025 s
  tensor+context comm.  4·L·allreduce(2sbh) + ring K,V        1.59 s
  pipeline bubble       (p-1)/(v·m)·compute                  0.126 s
  communication (all)                                         1.70 s  (1.61 s exposed; 553.49 GB per GPU)
  step                                                        14.6 s  (9.62–19.5)

Throughput  71,961 tokens/s (whole job), 1,124 per GPU
MFU         54.7% (HFU 54.7% with recomputation; peak 989 TFLOP/s per GPU at 64% GEMM efficiency)
Speed-up    46.89x vs one GPU (73% of linear over 64 GPUs)
Bottleneck: compute: 88% of the step is the GPUs' arithmetic
Cost        202.8 EUR/h for 64 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.8208 EUR per step, 0.7828 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
