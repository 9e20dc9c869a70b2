args: --model 1B --gpus 1xRTX5060TI --strategy single
rc: 0
--- stdout
Model     1B: 1.000 B parameters (generic size: exact nominal count, shape of GPT-3 XL)
          read as the shape of GPT-3 XL, vocabulary 50,257; FFN 4,981 solved for the exact count (its own: 8,192)
          24 layers, hidden 2048, 16 heads (16 KV), ffn 4981, vocab 50257
Machine   1 x RTX5060TI (16 GB GDDR7, 17.10 GB each), link pcie5-host (63.0 GB/s per direction)
Job       train, single (N = 1), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 1 = 1 sample of 2048 tokens = 2048 tokens per step
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach, autocast true (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 1 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               4·Ψ                       4.00 GB
  gradients             4·Ψ                       4.00 GB
  optimizer states      8·Ψ                       8.00 GB
  activations           L'·m·A_layer              2.61 GB
  logits + loss         14·s·b·V                  1.44 GB
  optimizer step temp.  one moment (step)         4.00 GB
  allocator slack       0.05·peak                 1.00 GB
  model states                                   16.00 GB
  total at peak (optimizer step)                 21.00 GB ± 4.41 GB
  phases                forward 18.52, backward 18.95, optimizer step 21.00 GB
  usable per GPU                                 16.03 GB  (17.10 total - 1.07 CUDA reserve)

Verdict   DOES NOT FIT: 4.97 GB short ± 4.41 GB per GPU
Disk      12.00 GB per checkpoint with optimizer states (whole job); 2.00 GB for a weights-only export

Changes that make it fit (flags to add, fastest first; tokens/s of the whole job):
  --precision fp8-mixed --lora 16: 4,404 tokens/s at 0.00329 EUR per million, 6.1 GB per GPU (saves 14.9 GB); changes the training: FP8 matmuls, adapters on a frozen base
  --precision fp8-mixed --optimizer adafactor: 3,804 tokens/s at 0.00381 EUR per million, 12.0 GB per GPU (saves 9.0 GB); changes the training: FP8 matmuls, Adafactor's factored states
  --offload optimizer: 637 tokens/s at 0.0228 EUR per million, 6.4 GB per GPU (saves 14.6 GB); the same training
  --gpus 2xRTX5060TI --strategy zero3: 6,610 tokens/s on 2 GPUs at 0.00439 EUR per million, 12.3 GB per GPU; the same training
  (4 more in --json)

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM       0.636 s
  step                                                  0.636 s  (0.420–0.853)

Throughput  3,219 tokens/s (whole job), 3,219 per GPU
MFU         48.8% (HFU 48.8% with recomputation; peak 47 TFLOP/s per GPU at 81% GEMM efficiency)
Bottleneck: compute: 100% of the step is the GPUs' arithmetic
Cost        0.05221 EUR/h for 1 GPU (reference price: median over providers of 1 catalog offer for RTX5060TI; give --offer or --price for yours)
            9.228e-06 EUR per step, 0.004506 EUR per million tokens
--- stderr
