args: --model 8B --gpus 8xRTX4090 --strategy zero3 --topo tests/data/topo/8gpu-pcie-dual-socket.txt --tokens 1e9
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          read as the shape of Llama 3.1 8B, vocabulary 128,256; FFN 14,259 solved for the exact count (its own: 14,336)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14259, vocab 128256
Machine   8 x RTX4090 (24 GB GDDR6X, 25.76 GB each), link topo-sys (31.5 GB/s per direction)
Job       train, zero3 (N = 8), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 8 = 8 samples of 2048 tokens = 16384 tokens per step
          = 8x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x8 (SGD) / x2.83 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 8 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                     2.00 GB
  gradients             2·Ψ/N                     2.00 GB
  optimizer states      12·Ψ/N                   12.00 GB
  activations           L'·m·A_layer             13.15 GB
  logits + loss         14·s·b·V                  3.68 GB
  comm. buffers         3·w·Ψ_unit                3.15 GB
  optimizer step temp.  one moment (step)         4.00 GB
  allocator slack       0.05·peak                 1.70 GB
  model states                                   16.00 GB
  total at peak (backward)                       35.68 GB ± 7.49 GB
  phases                forward 34.58, backward 35.68, optimizer step 24.31 GB
  usable per GPU                                 24.68 GB  (25.76 total - 1.07 CUDA reserve)

Verdict   DOES NOT FIT: 11.00 GB short ± 7.49 GB per GPU
Disk      112.00 GB per checkpoint with optimizer states (whole job); 16.00 GB for a weights-only export

Changes that make it fit (flags to add, fastest first; tokens/s of the whole job):
  --qlora: 17,245 tokens/s at 0.0391 EUR per million, 18.1 GB per GPU (saves 17.6 GB); changes the training: adapters on a 4-bit frozen base
  --optimizer adamw-8bit --ckpt full: 3,519 tokens/s at 0.192 EUR per million, 16.6 GB per GPU (saves 19.1 GB); changes the training: 8-bit optimizer states
  --ckpt full --offload optimizer: 2,242 tokens/s at 0.301 EUR per million, 10.3 GB per GPU (saves 25.4 GB); the same training
  --gpus 8xRTX4090 --nodes 2 --strategy zero3 --ckpt full: 2,096 tokens/s on 16 GPUs at 0.643 EUR per million, 15.6 GB per GPU; the same training
  (4 more in --json)

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.845 s
  data-parallel comm.   exposed of ring collectives        3.76 s
  communication (all)                                      4.44 s  (3.76 s exposed; 42.00 GB per GPU)
  step                                                     4.60 s  (3.04–6.17)

Throughput  3,558 tokens/s (whole job), 445 per GPU
MFU         12.9% (HFU 12.9% with recomputation; peak 165 TFLOP/s per GPU at 90% GEMM efficiency)
Speed-up    1.89x vs one GPU (24% of linear over 8 GPUs)
Bottleneck: the link: 82% of the step waits on PCIe across CPU sockets (topo-sys)
Train time  1B tokens: 3.3 days (78 hours)
Cost        2.428 EUR/h for 8 GPUs (reference price: median over providers of 28 catalog offers for RTX4090; give --offer or --price for yours)
            0.003105 EUR per step, 0.1895 EUR per million tokens
Run cost    189.92 EUR: 4694 minutes billed (by the second, 10 min start-up)

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
