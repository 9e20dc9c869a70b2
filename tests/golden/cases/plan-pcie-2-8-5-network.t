args: --model 8B --gpus 8xL40S --nodes 2 --strategy zero3
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          read as the shape of Llama 3.1 8B, vocabulary 128,256; FFN 14,259 solved for the exact count (its own: 14,336)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14259, vocab 128256
Machine   8 x L40S per node x 2 nodes = 16 GPUs (48 GB GDDR6 ECC, 48.31 GB each), link cpu-cross (31.5 GB/s per direction)
          network roce-400 between nodes (the PCIe 2-8-5 server default): 4 NICs per node, 25.00 GB/s per GPU per direction (200 Gb/s)
Job       train, zero3 (N = 16), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 16 = 16 samples of 2048 tokens = 32768 tokens per step
          = 16x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x16 (SGD) / x4 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 16 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                     1.00 GB
  gradients             2·Ψ/N                     1.00 GB
  optimizer states      12·Ψ/N                    6.00 GB
  activations           L'·m·A_layer             13.15 GB
  logits + loss         14·s·b·V                  3.68 GB
  comm. buffers         3·w·Ψ_unit                3.15 GB
  optimizer step temp.  one moment (step)         2.00 GB
  allocator slack       0.05·peak                 1.35 GB
  model states                                    8.00 GB
  total at peak (backward)                       28.33 GB ± 5.95 GB
  phases                forward 27.23, backward 28.33, optimizer step 13.81 GB
  usable per GPU                                 47.23 GB  (48.31 total - 1.07 CUDA reserve)

Verdict   FITS: 18.90 GB headroom ± 5.95 GB per GPU (60% of usable memory used)
Disk      112.00 GB per checkpoint with optimizer states (whole job); 16.00 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.601 s
  data-parallel comm.   exposed of ring collectives        4.09 s
  communication (all)                                      4.58 s  (4.09 s exposed; 45.00 GB per GPU)
  step                                                     4.69 s  (3.10–6.29)

Throughput  6,983 tokens/s (whole job), 436 per GPU
MFU         5.8% (HFU 5.8% with recomputation; peak 362 TFLOP/s per GPU at 65% GEMM efficiency)
Speed-up    3.08x vs one GPU (19% of linear over 16 GPUs)
Bottleneck: the network: 87% of the step waits on the network between nodes (roce-400)
Cost        11.28 EUR/h for 16 GPUs (reference price: median over providers of 7 catalog offers for L40S; give --offer or --price for yours)
            0.01471 EUR per step, 0.4488 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
Note      more than 4 GPUs on PCIe: vfplan assumes the node spans two CPU sockets, as 8-GPU PCIe servers do, and costs the ring across them (cpu-cross); give --topo or --link to say otherwise
--- stderr
