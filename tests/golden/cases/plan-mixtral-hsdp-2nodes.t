args: --model mixtral-8x7b --gpus 8xH100 --nodes 2 --strategy hsdp --precision bf16 --optimizer adamw-8bit --reserve 2GB
rc: 0
--- stdout
Model     mixtral-8x7b: 46.703 B parameters (12.880 B active, 12.749 B without the embedding, as MoE cards count)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14336, vocab 32000
Machine   8 x H100-SXM per node x 2 nodes = 16 GPUs (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
          network ib-ndr between nodes (the DGX H100 default): 8 NICs per node, 50.00 GB/s per GPU per direction (400 Gb/s)
Job       train, hsdp (N = 8), bf16, adamw-8bit, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 16 = 16 samples of 2048 tokens = 32768 tokens per step
          = 16x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x16 (SGD) / x4 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 16 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                    11.68 GB
  gradients             2·Ψ/N                    11.68 GB
  optimizer states      2.03125·Ψ/N              11.86 GB
  activations           L'·m·A_layer             22.87 GB
  logits + loss         14·s·b·V                  0.92 GB
  comm. buffers         3·w·Ψ_unit                8.71 GB
  allocator slack       0.05·peak                 2.80 GB
  model states                                   35.21 GB
  total at peak (backward)                       58.83 GB ± 12.35 GB
  phases                forward 58.55, backward 58.83, optimizer step 46.11 GB
  usable per GPU                                 82.45 GB  (85.52 total - 1.07 CUDA reserve - 2.00 --reserve)

Verdict   FITS: 23.62 GB headroom ± 12.35 GB per GPU (71% of usable memory used)
Disk      188.27 GB per checkpoint with optimizer states (whole job); 93.41 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.470 s
  data-parallel comm.   exposed of ring collectives       0.544 s
    MoE experts         F_exp/(peak·eff(M))               0.251 s
    MoE dispatch        B/HBM+syncs+counts                0.004 s
  communication (all)                                     0.924 s  (0.544 s exposed; 256.87 GB per GPU)
  step                                                     1.01 s  (0.669–1.36)

Throughput  32,340 tokens/s (whole job), 2,021 per GPU
MFU         16.3% (HFU 16.3% with recomputation; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Speed-up    14.16x vs one GPU (88% of linear over 16 GPUs)
Bottleneck: the network: 54% of the step waits on the network between nodes (ib-ndr)
Cost        50.7 EUR/h for 16 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.01427 EUR per step, 0.4354 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
