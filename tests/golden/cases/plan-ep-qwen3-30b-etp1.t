args: --model Qwen3-30B-A3B --gpus 8xH100 --strategy zero1 --tp 2 --ep 8 --etp 1 --ckpt full
rc: 0
--- stdout
Model     qwen3-30b-a3b: 30.532 B parameters (3.353 B active, 3.042 B without the embedding, as MoE cards count)
          48 layers, hidden 2048, 32 heads (4 KV), ffn 6144, vocab 151936
Machine   8 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero1 (N = 4), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 4 = 4 samples of 2048 tokens = 8192 tokens per step
          = 4x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x4 (SGD) / x2 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing full, attention flash, loss standard, offload none
Parallel  dp 4 x tp 2 x pp 1; experts: ep 8 x etp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ                       8.79 GB
  gradients             2·Ψ                       8.79 GB
  optimizer states      12·Ψ/N                   45.80 GB
  activations           L'·m·2sbh+A_layer         0.64 GB
  logits + loss         14·s·b·V                  2.18 GB
  comm. buffers         w·bucket                  1.00 GB
  optimizer step temp.  one moment (step)        15.27 GB
  allocator slack       0.05·peak                 3.98 GB
  model states                                   63.38 GB
  total at peak (optimizer step)                 83.62 GB ± 17.56 GB
  phases                forward 60.67, backward 61.32, optimizer step 83.62 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   BORDERLINE: 0.82 GB headroom ± 17.56 GB per GPU (the band crosses the usable memory: it may run out of memory; the changes below make it fit)
Disk      427.45 GB per checkpoint with optimizer states (whole job); 61.06 GB for a weights-only export

Changes that make it fit (flags to add, fastest first; tokens/s of the whole job):
  --strategy zero3 --optimizer adamw-8bit --ckpt none: 15,585 tokens/s at 0.452 EUR per million, 46.7 GB per GPU (saves 36.9 GB); changes the training: 8-bit optimizer states
  --strategy zero3 --optimizer adafactor --ckpt none: 15,585 tokens/s at 0.452 EUR per million, 38.6 GB per GPU (saves 45.0 GB); changes the training: Adafactor's factored states
  --strategy zero3 --ckpt none --offload optimizer: 2,441 tokens/s at 2.88 EUR per million, 22.6 GB per GPU (saves 61.0 GB); the same training
  --gpus 8xH100-SXM --nodes 2 --strategy zero3 --ckpt none: 31,180 tokens/s on 16 GPUs at 0.452 EUR per million, 42.6 GB per GPU; the same training
  (3 more in --json)

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM                  0.654 s
  data-parallel comm.   exposed of ring collectives                0.022 s
  tensor-parallel comm. 4·L·allreduce(2sbh)                        0.010 s
  expert all-to-all     (4|6)·L_moe·a2a(sbkh·2B), per expert       0.057 s
    MoE experts         F_exp/(peak·eff(M))                        0.046 s
    MoE dispatch        B/HBM+syncs+counts                         0.039 s
  communication (all)                                              0.103 s  (0.088 s exposed; 32.51 GB per GPU)
  step                                                             0.742 s  (0.490–0.994)

Throughput  11,041 tokens/s (whole job), 1,380 per GPU
MFU         3.2% (HFU 4.3% with recomputation; peak 989 TFLOP/s per GPU at 54% GEMM efficiency)
Speed-up    21.24x vs one GPU (266% of linear over 8 GPUs): above linear, since with --ep each GPU runs only its share of the experts' kernels and launches
Bottleneck: the host CPU: 88% of the step is the CPU issuing eager PyTorch's operators, slower than the GPUs run them (torch.compile: --compile)
Cost        25.35 EUR/h for 8 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.005224 EUR per step, 0.6377 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
