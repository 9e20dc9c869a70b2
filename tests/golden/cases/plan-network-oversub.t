args: --model 8B --gpus 8xH100 --nodes 64 --strategy zero3 --network ib-ndr@4:1/2
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          read as the shape of Llama 3.1 8B, vocabulary 128,256; FFN 14,259 solved for the exact count (its own: 14,336)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14259, vocab 128256
Machine   8 x H100-SXM per node x 64 nodes = 512 GPUs (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
          network ib-ndr@4:1/2 between nodes (as infiniband): 8 NICs per node, 50.00 GB/s per GPU per direction (400 Gb/s)
          uplinks 4:1 oversubscribed above racks of 2 nodes (docs/time.md)
Job       train, zero3 (N = 512), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 512 = 512 samples of 2048 tokens = 1048576 tokens per step
          = 512x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x512 (SGD) / x22.6 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 512 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                     0.03 GB
  gradients             2·Ψ/N                     0.03 GB
  optimizer states      12·Ψ/N                    0.19 GB
  activations           L'·m·A_layer             13.15 GB
  logits + loss         14·s·b·V                  3.68 GB
  comm. buffers         3·w·Ψ_unit                3.15 GB
  optimizer step temp.  one moment (step)         0.06 GB
  allocator slack       0.05·peak                 1.01 GB
  model states                                    0.25 GB
  total at peak (backward)                       21.21 GB ± 4.45 GB
  phases                forward 20.11, backward 21.21, optimizer step 3.64 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 63.23 GB headroom ± 4.45 GB per GPU (25% of usable memory used)
Disk      112.00 GB per checkpoint with optimizer states (whole job); 16.00 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.188 s
  data-parallel comm.   exposed of ring collectives       0.349 s
  communication (all)                                     0.502 s  (0.349 s exposed; 47.91 GB per GPU)
  step                                                    0.537 s  (0.354–0.720)

Throughput  1,952,366 tokens/s (whole job), 3,813 per GPU
MFU         18.5% (HFU 18.5% with recomputation; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Speed-up    258.70x vs one GPU (51% of linear over 512 GPUs)
Bottleneck: the network: 65% of the step waits on the network between nodes (ib-ndr@4:1/2)
Cost        1622 EUR/h for 512 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.242 EUR per step, 0.2308 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
