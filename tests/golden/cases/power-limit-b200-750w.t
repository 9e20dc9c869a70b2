args: --model llama-3.1-8b --gpus 8xB200 --strategy zero3 --seq 8192 --micro-batch 2 --power-limit 750
rc: 0
--- stdout
Model     llama-3.1-8b: 8.030 B parameters
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14336, vocab 128256
Machine   8 x B200 (180 GB HBM3e, 192.26 GB each), link nvlink5-switch (900.0 GB/s per direction)
          power limit 750 W of 1000 W TDP: tensor throughput 0.76, HBM bandwidth 1.00 of the TDP's (blackwell curve, hwdb/power_curves.yaml: read between the GB300 point (facebookexperimental/triton PR #2023) and Hopper's 0.857 point (an assumption for Blackwell); memory: Hopper's (arXiv:2605.11999))
Job       train, zero3 (N = 8), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 2 x grad-accum 1 x dp 8 = 16 samples of 8192 tokens = 131072 tokens per step
          = 8x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x8 (SGD) / x2.83 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 8 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                     2.01 GB
  gradients             2·Ψ/N                     2.01 GB
  optimizer states      12·Ψ/N                   12.05 GB
  activations           L'·m·A_layer            105.56 GB
  logits + loss         14·s·b·V                 29.42 GB
  comm. buffers         3·w·Ψ_unit                3.15 GB
  optimizer step temp.  one moment (step)         4.02 GB
  allocator slack       0.05·peak                 7.61 GB
  model states                                   16.06 GB
  total at peak (backward)                      159.80 GB ± 33.56 GB
  phases                forward 150.97, backward 159.80, optimizer step 24.39 GB
  usable per GPU                                191.19 GB  (192.26 total - 1.07 CUDA reserve)

Verdict   BORDERLINE: 31.39 GB headroom ± 33.56 GB per GPU (the band crosses the usable memory: it may run out of memory; the changes below make it fit)
Disk      112.42 GB per checkpoint with optimizer states (whole job); 16.06 GB for a weights-only export

Changes that make it fit (flags to add, fastest first; tokens/s of the whole job):
  --precision fp8-mixed: 157,249 tokens/s at 0.0791 EUR per million, 148.3 GB per GPU (saves 11.5 GB); changes the training: FP8 matmuls
  --lora 16: 139,898 tokens/s at 0.0889 EUR per million, 137.2 GB per GPU (saves 22.6 GB); changes the training: adapters on a frozen base
  --micro-batch 1 --grad-accum 2: 126,489 tokens/s at 0.0983 EUR per million, 91.0 GB per GPU (saves 68.8 GB); the same training
  --gpus 8xB200 --nodes 2 --strategy zero3: 253,042 tokens/s on 16 GPUs at 0.0983 EUR per million, 152.4 GB per GPU; the same training
  (1 more in --json)

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM          1.01 s
  data-parallel comm.   exposed of ring collectives       0.011 s
  communication (all)                                     0.059 s  (0.011 s exposed; 42.16 GB per GPU)
  step                                                     1.03 s  (0.677–1.37)

Throughput  127,857 tokens/s (whole job), 15,982 per GPU
MFU         41.1% (HFU 41.1% with recomputation; peak 2250 TFLOP/s per GPU at 52% GEMM efficiency)
Speed-up    8.16x vs one GPU (102% of linear over 8 GPUs): above linear, since each GPU steps only its shard of the optimizer (as in the ZeRO paper)
Bottleneck: compute: 99% of the step is the GPUs' arithmetic
Cost        44.78 EUR/h for 8 GPUs (reference price: median over providers of 19 catalog offers for B200; give --offer or --price for yours)
            0.01275 EUR per step, 0.09728 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
