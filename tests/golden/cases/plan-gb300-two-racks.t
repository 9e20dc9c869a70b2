args: --model 70B --gpus 72xGB300 --nodes 2 --strategy zero3
rc: 0
--- stdout
Model     70B: 70.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 70B)
          read as the shape of Llama 3.1 70B, vocabulary 128,256; FFN 28,390 solved for the exact count (its own: 28,672)
          80 layers, hidden 8192, 64 heads (8 KV), ffn 28390, vocab 128256
Machine   72 x GB300 per node x 2 nodes = 144 GPUs (288 GB HBM3e, 298.01 GB each), link nvlink5-nvl72 (900.0 GB/s per direction)
          one GB300 NVL72 NVLink domain per node: 72 GPUs in 18 trays of 4; --nodes counts racks
          network ib-xdr between nodes (the GB300 NVL72 default): 72 NICs per node, 100.00 GB/s per GPU per direction (800 Gb/s)
Job       train, zero3 (N = 144), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 144 = 144 samples of 2048 tokens = 294912 tokens per step
          = 144x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x144 (SGD) / x12 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 144 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                     0.97 GB
  gradients             2·Ψ/N                     0.97 GB
  optimizer states      12·Ψ/N                    5.83 GB
  activations           L'·m·A_layer             64.84 GB
  logits + loss         14·s·b·V                  3.68 GB
  comm. buffers         3·w·Ψ_unit                6.30 GB
  optimizer step temp.  one moment (step)         1.94 GB
  allocator slack       0.05·peak                 4.08 GB
  model states                                    7.78 GB
  total at peak (backward)                       85.70 GB ± 18.00 GB
  phases                forward 84.60, backward 85.70, optimizer step 16.83 GB
  usable per GPU                                296.94 GB  (298.01 total - 1.07 CUDA reserve)

Verdict   FITS: 211.24 GB headroom ± 18.00 GB per GPU (29% of usable memory used)
Disk      980.00 GB per checkpoint with optimizer states (whole job); 140.00 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.600 s
  data-parallel comm.   exposed of ring collectives       0.240 s
  communication (all)                                     0.727 s  (0.240 s exposed; 417.08 GB per GPU)
  step                                                    0.840 s  (0.555–1.13)

Throughput  350,994 tokens/s (whole job), 2,437 per GPU
MFU         41.9% (HFU 41.9% with recomputation; peak 2500 TFLOP/s per GPU at 71% GEMM efficiency)
Speed-up    154.91x vs one GPU (108% of linear over 144 GPUs): above linear, since each GPU steps only its shard of the optimizer (as in the ZeRO paper)
Bottleneck: compute: 71% of the step is the GPUs' arithmetic
Cost        2313 EUR/h for 144 GPUs (reference price: median over providers of 1 catalog offer for GB300; give --offer or --price for yours)
            0.5399 EUR per step, 1.831 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
