args: --model tests/data/hf/kimi_k2-kimi-k2-instruct.json --gpus 8xH200 --nodes 4 --lora 16 --strategy zero3
rc: 0
--- stdout
Model     kimi_k2-kimi-k2-instruct: 1026.408 B parameters (32.862 B active, 31.687 B without the embedding, as MoE cards count)
          read as kimi_k2 via DeepseekV3ForCausalLM
          61 layers, hidden 7168, 64 heads (64 KV), ffn 18432, vocab 163840
Machine   8 x H200 per node x 4 nodes = 32 GPUs (141 GB HBM3e, 150.75 GB each), link nvlink4-switch (450.0 GB/s per direction)
          network ib-ndr between nodes (the DGX H200 default): 8 NICs per node, 50.00 GB/s per GPU per direction (400 Gb/s)
Job       train, zero3 (N = 32), bf16-mixed, adamw, LoRA rank 16 on all-linear (10.281 B adapter parameters)
Batch     micro-batch 1 x grad-accum 1 x dp 32 = 32 samples of 2048 tokens = 65536 tokens per step
          = 32x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x32 (SGD) / x5.66 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 32 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               (2·Ψ+2·Ψ_lora)/N         64.79 GB
  gradients             2·Ψ_lora/N                0.64 GB
  optimizer states      12·Ψ_lora/N               3.86 GB
  activations           L'·m·A_layer             68.45 GB
  logits + loss         14·s·b·V                  4.70 GB
  comm. buffers         2·w·Ψ_unit               68.24 GB
  optimizer step temp.  one moment (step)         1.29 GB
  allocator slack       0.05·peak                10.50 GB
  model states                                   69.29 GB
  total at peak (backward)                      220.54 GB ± 46.31 GB
  phases                forward 219.13, backward 220.54, optimizer step 145.75 GB
  usable per GPU                                149.68 GB  (150.75 total - 1.07 CUDA reserve)

Verdict   DOES NOT FIT: 70.86 GB short ± 46.31 GB per GPU
Disk      143.93 GB per checkpoint with optimizer states (whole job); 20.56 GB for a weights-only export

Changes that make it fit (flags to add, fastest first; tokens/s of the whole job):
  --qlora: 4,159 tokens/s at 8.58 EUR per million, 117.5 GB per GPU (saves 103.0 GB); changes the training: adapters on a 4-bit frozen base
  --ckpt full --offload optimizer+params: 2,492 tokens/s at 14.3 EUR per million, 79.8 GB per GPU (saves 140.7 GB); the same training
  --gpus 8xH200 --nodes 6 --strategy zero3 --ckpt full --loss fused: 4,257 tokens/s on 48 GPUs at 12.6 EUR per million, 123.1 GB per GPU; the same training

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM          13.1 s
  data-parallel comm.   exposed of ring collectives        7.48 s
    MoE experts         F_exp/(peak·eff(M))                2.54 s
    MoE dispatch        B/HBM+syncs+counts                0.032 s
  communication (all)                                      18.1 s  (7.48 s exposed; 3997.25 GB per GPU)
  step                                                     20.6 s  (13.6–27.6)

Throughput  3,182 tokens/s (whole job), 99 per GPU
MFU         2.0% (HFU 2.0% with recomputation; peak 989 TFLOP/s per GPU at 75% GEMM efficiency)
Speed-up    20.42x vs one GPU (64% of linear over 32 GPUs)
Bottleneck: the host CPU: 64% of the step is the CPU issuing eager PyTorch's operators, slower than the GPUs run them (torch.compile: --compile)
Cost        128.5 EUR/h for 32 GPUs (reference price: median over providers of 17 catalog offers for H200; give --offer or --price for yours)
            0.7352 EUR per step, 11.22 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
