args: --model 8B --gpus 8xH100 --nodes 4 --network ib-ndr --strategy zero1 --param-broadcast --param-sync-overlap yes
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          read as the shape of Llama 3.1 8B, vocabulary 128,256; FFN 14,259 solved for the exact count (its own: 14,336)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14259, vocab 128256
Machine   8 x H100-SXM per node x 4 nodes = 32 GPUs (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
          network ib-ndr between nodes: 8 NICs per node, 50.00 GB/s per GPU per direction (400 Gb/s)
Job       train, zero1 (N = 32), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 32 = 32 samples of 2048 tokens = 65536 tokens per step
          = 32x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x32 (SGD) / x5.66 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 32 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ                      16.00 GB
  gradients             2·Ψ                      16.00 GB
  optimizer states      12·Ψ/N                    3.00 GB
  activations           L'·m·A_layer             13.15 GB
  logits + loss         14·s·b·V                  3.68 GB
  comm. buffers         w·bucket                  1.00 GB
  optimizer step temp.  one moment (step)         1.00 GB
  allocator slack       0.05·peak                 1.85 GB
  model states                                   35.00 GB
  total at peak (optimizer step)                 38.85 GB ± 8.16 GB
  phases                forward 37.57, backward 38.67, optimizer step 38.85 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 45.60 GB headroom ± 8.16 GB per GPU (46% of usable memory used)
Disk      112.00 GB per checkpoint with optimizer states (whole job); 16.00 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.190 s
  data-parallel comm.   exposed of ring collectives       0.300 s
  communication (all)                                     0.408 s  (0.300 s exposed; 31.50 GB per GPU)
  step                                                    0.490 s  (0.324–0.657)

Throughput  133,690 tokens/s (whole job), 4,178 per GPU
MFU         20.3% (HFU 20.3% with recomputation; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Speed-up    17.71x vs one GPU (55% of linear over 32 GPUs)
Bottleneck: the network: 61% of the step waits on the network between nodes (ib-ndr)
Cost        101.4 EUR/h for 32 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.01381 EUR per step, 0.2107 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
