args: --model tests/data/hf/llama-llama-3.1-8b.json --gpus 2xA6000 --strategy fsdp
rc: 0
--- stdout
Model     llama-llama-3.1-8b: 8.030 B parameters
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14336, vocab 128256
Machine   2 x A6000 (48 GB GDDR6 ECC, 51.54 GB each), link pcie4-p2p (31.5 GB/s per direction)
Job       train, zero3 (N = 2), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 2 = 2 samples of 2048 tokens = 4096 tokens per step
          = 2x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x2 (SGD) / x1.41 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 2 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                     8.03 GB
  gradients             2·Ψ/N                     8.03 GB
  optimizer states      12·Ψ/N                   48.18 GB
  activations           L'·m·A_layer             13.20 GB
  logits + loss         14·s·b·V                  3.68 GB
  comm. buffers         3·w·Ψ_unit                3.15 GB
  optimizer step temp.  one moment (step)        16.06 GB
  allocator slack       0.05·peak                 4.17 GB
  model states                                   64.24 GB
  total at peak (optimizer step)                 87.63 GB ± 18.40 GB
  phases                forward 78.95, backward 80.05, optimizer step 87.63 GB
  usable per GPU                                 50.47 GB  (51.54 total - 1.07 CUDA reserve)

Verdict   DOES NOT FIT: 37.16 GB short ± 18.40 GB per GPU
Disk      112.42 GB per checkpoint with optimizer states (whole job); 16.06 GB for a weights-only export

Changes that make it fit (flags to add, fastest first; tokens/s of the whole job):
  --lora 16: 3,734 tokens/s at 0.0774 EUR per million, 27.6 GB per GPU (saves 60.1 GB); changes the training: adapters on a frozen base
  --precision bf16 --optimizer adamw-8bit: 2,798 tokens/s at 0.103 EUR per million, 38.0 GB per GPU (saves 49.6 GB); changes the training: pure bf16 weights (no fp32 master), 8-bit optimizer states
  --offload optimizer: 343 tokens/s at 0.843 EUR per million, 29.5 GB per GPU (saves 58.2 GB); the same training
  --gpus 8xA6000 --strategy zero3: 3,502 tokens/s on 8 GPUs at 0.33 EUR per million, 35.8 GB per GPU; the same training
  (3 more in --json)

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM          1.28 s
  data-parallel comm.   exposed of ring collectives       0.181 s
  communication (all)                                     0.956 s  (0.181 s exposed; 24.09 GB per GPU)
  step                                                     1.46 s  (0.966–1.96)

Throughput  2,798 tokens/s (whole job), 1,399 per GPU
MFU         43.6% (HFU 43.6% with recomputation; peak 155 TFLOP/s per GPU at 69% GEMM efficiency)
Speed-up    2.00x vs one GPU (100% of linear over 2 GPUs): above linear, since each GPU steps only its shard of the optimizer (as in the ZeRO paper)
Bottleneck: compute: 88% of the step is the GPUs' arithmetic
Cost        1.04 EUR/h for 2 GPUs (reference price: median over providers of 8 catalog offers for A6000; give --offer or --price for yours)
            0.0004228 EUR per step, 0.1032 EUR per million tokens

Note      no nvidia-smi reading for this GPU: its memory is the vendor label read as GiB
Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
