args: --model llama-3.1-70b --gpus 8xA100-80 --strategy zero3
rc: 0
--- stdout
Model     llama-3.1-70b: 70.554 B parameters
          80 layers, hidden 8192, 64 heads (8 KV), ffn 28672, vocab 128256
Machine   8 x A100-80 (80 GB HBM2e, 85.90 GB each), link nvlink3-switch (300.0 GB/s per direction)
Job       train, zero3 (N = 8), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 8 = 8 samples of 2048 tokens = 16384 tokens per step
          = 8x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x8 (SGD) / x2.83 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 8 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                    17.64 GB
  gradients             2·Ψ/N                    17.64 GB
  optimizer states      12·Ψ/N                  105.83 GB
  activations           L'·m·A_layer             65.20 GB
  logits + loss         14·s·b·V                  3.68 GB
  comm. buffers         3·w·Ψ_unit                6.30 GB
  optimizer step temp.  one moment (step)        35.28 GB
  allocator slack       0.05·peak                 9.93 GB
  model states                                  141.11 GB
  total at peak (backward)                      208.59 GB ± 43.80 GB
  phases                forward 207.48, backward 208.59, optimizer step 191.82 GB
  usable per GPU                                 84.83 GB  (85.90 total - 1.07 CUDA reserve)

Verdict   DOES NOT FIT: 123.76 GB short ± 43.80 GB per GPU
Disk      987.75 GB per checkpoint with optimizer states (whole job); 141.11 GB for a weights-only export

Changes that make it fit (flags to add, fastest first; tokens/s of the whole job):
  --lora 16 --ckpt full: 3,583 tokens/s at 0.778 EUR per million, 30.8 GB per GPU (saves 177.7 GB); changes the training: adapters on a frozen base
  --precision bf16 --optimizer adamw-8bit --ckpt full: 2,960 tokens/s at 0.942 EUR per million, 62.5 GB per GPU (saves 146.1 GB); changes the training: pure bf16 weights (no fp32 master), 8-bit optimizer states
  --ckpt full --offload optimizer: 568 tokens/s at 4.9 EUR per million, 32.7 GB per GPU (saves 175.8 GB); the same training
  --gpus 8xA100-80 --nodes 3 --strategy zero3 --ckpt full: 8,597 tokens/s on 24 GPUs at 0.972 EUR per million, 68.4 GB per GPU; the same training
  (2 more in --json)

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM          3.97 s
  data-parallel comm.   exposed of ring collectives       0.292 s
  communication (all)                                      1.54 s  (0.292 s exposed; 370.41 GB per GPU)
  step                                                     4.26 s  (2.81–5.71)

Throughput  3,844 tokens/s (whole job), 480 per GPU
MFU         66.7% (HFU 66.7% with recomputation; peak 312 TFLOP/s per GPU at 82% GEMM efficiency)
Speed-up    9.44x vs one GPU (118% of linear over 8 GPUs): above linear, since each GPU steps only its shard of the optimizer (as in the ZeRO paper)
Bottleneck: compute: 93% of the step is the GPUs' arithmetic
Cost        10.03 EUR/h for 8 GPUs (reference price: median over providers of 10 catalog offers for A100-80; give --offer or --price for yours)
            0.01188 EUR per step, 0.725 EUR per million tokens

Note      no nvidia-smi reading for this GPU: its memory is the vendor label read as GiB
Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
