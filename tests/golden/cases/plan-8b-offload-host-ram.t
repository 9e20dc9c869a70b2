args: --model llama-3.1-8b --gpus 4xL40S --strategy zero3 --offload optimizer+params --host-ram 256GB --ckpt full
rc: 0
--- stdout
Model     llama-3.1-8b: 8.030 B parameters
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14336, vocab 128256
Machine   4 x L40S (48 GB GDDR6 ECC, 48.31 GB each), link pcie4-p2p (31.5 GB/s per direction)
Job       train, zero3 (N = 4), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 4 = 4 samples of 2048 tokens = 8192 tokens per step
          = 4x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x4 (SGD) / x2 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: loss standard (what you state wins; --explain: the source of each)
Options   checkpointing full, attention flash, loss standard, offload optimizer+params
Parallel  dp 4 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               0 (host RAM)              0.00 GB
  gradients             0 (host RAM)              0.00 GB
  optimizer states      0 (host RAM)              0.00 GB
  activations           L'·m·2sbh+A_layer         0.98 GB
  logits + loss         14·s·b·V                  3.68 GB
  comm. buffers         3·w·Ψ_unit                3.15 GB
  allocator slack       0.05·peak                 0.39 GB
  model states                                    0.00 GB
  total at peak (backward)                        8.20 GB ± 1.72 GB
  phases                forward 7.10, backward 8.20, optimizer step 3.31 GB
  usable per GPU                                 47.23 GB  (48.31 total - 1.07 CUDA reserve)

Verdict   FITS: 39.03 GB headroom ± 1.72 GB per GPU (17% of usable memory used)
Host RAM  216.82 GB needed per machine for offload; 256.00 GB available: fits
Disk      112.42 GB per checkpoint with optimizer states (whole job); 16.06 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.776 s
  data-parallel comm.   exposed of ring collectives       0.804 s
  offload               4·Ψ/N/PCIe + Ψ/N/CPU               5.66 s
  communication (all)                                      1.43 s  (0.804 s exposed; 36.14 GB per GPU)
  step                                                     7.24 s  (4.78–9.70)

Throughput  1,132 tokens/s (whole job), 283 per GPU
MFU         3.8% (HFU 5.0% with recomputation; peak 362 TFLOP/s per GPU at 65% GEMM efficiency)
Speed-up    0.43x vs one GPU (11% of linear over 4 GPUs)
Bottleneck: offload: 78% of the step waits on PCIe transfers and the CPU optimizer
Cost        2.82 EUR/h for 4 GPUs (reference price: median over providers of 7 catalog offers for L40S; give --offer or --price for yours)
            0.00567 EUR per step, 0.6921 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
