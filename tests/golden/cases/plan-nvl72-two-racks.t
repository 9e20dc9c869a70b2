args: --model 8B --gpus 72xGB200 --nodes 2 --strategy zero3
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          read as the shape of Llama 3.1 8B, vocabulary 128,256; FFN 14,259 solved for the exact count (its own: 14,336)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14259, vocab 128256
Machine   72 x GB200 per node x 2 nodes = 144 GPUs (186 GB HBM3e, 198.67 GB each), link nvlink5-nvl72 (900.0 GB/s per direction)
          one GB200 NVL72 NVLink domain per node: 72 GPUs in 18 trays of 4; --nodes counts racks
          network ib-ndr between nodes (the GB200 NVL72 default): 72 NICs per node, 50.00 GB/s per GPU per direction (400 Gb/s)
Job       train, zero3 (N = 144), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 144 = 144 samples of 2048 tokens = 294912 tokens per step
          = 144x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x144 (SGD) / x12 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 144 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                     0.11 GB
  gradients             2·Ψ/N                     0.11 GB
  optimizer states      12·Ψ/N                    0.67 GB
  activations           L'·m·A_layer             13.15 GB
  logits + loss         14·s·b·V                  3.68 GB
  comm. buffers         3·w·Ψ_unit                3.15 GB
  optimizer step temp.  one moment (step)         0.22 GB
  allocator slack       0.05·peak                 1.04 GB
  model states                                    0.89 GB
  total at peak (backward)                       21.80 GB ± 4.58 GB
  phases                forward 20.70, backward 21.80, optimizer step 4.48 GB
  usable per GPU                                197.60 GB  (198.67 total - 1.07 CUDA reserve)

Verdict   FITS: 175.80 GB headroom ± 4.58 GB per GPU (11% of usable memory used)
Disk      112.00 GB per checkpoint with optimizer states (whole job); 16.00 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.081 s
  data-parallel comm.   exposed of ring collectives       0.041 s
  communication (all)                                     0.107 s  (0.041 s exposed; 47.67 GB per GPU)
  step                                                    0.122 s  (0.080–0.163)

Throughput  2,419,189 tokens/s (whole job), 16,800 per GPU
MFU         32.3% (HFU 32.3% with recomputation; peak 2500 TFLOP/s per GPU at 65% GEMM efficiency)
Speed-up    136.50x vs one GPU (95% of linear over 144 GPUs)
Bottleneck: compute: 66% of the step is the GPUs' arithmetic
Cost        1350 EUR/h for 144 GPUs (reference price: median over providers of 3 catalog offers for GB200; give --offer or --price for yours)
            0.0457 EUR per step, 0.155 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
