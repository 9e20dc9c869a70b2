args: --model mixtral-8x7b --gpus 8xH100 --nodes 2 --strategy hsdp --precision bf16 --optimizer adamw-8bit --reserve 2GB
rc: 0
--- stdout
Model     mixtral-8x7b: 46.703 B parameters (12.880 B active)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14336, vocab 32000
Machine   8 x H100-SXM per node x 2 nodes = 16 GPUs (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
          network ib-ndr between nodes (50.0 GB/s per direction)
Job       train, hsdp (N = 8), bf16, adamw-8bit, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 16 = 16 samples of 2048 tokens = 32768 tokens per step
          = 16x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x16 (SGD) / x4 (Adam), warmed up
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 16 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                    11.68 GB
  gradients             2·Ψ/N                    11.68 GB
  optimizer states      2.03125·Ψ/N              11.86 GB
  activations           L'·m·A_layer             20.71 GB
  logits + loss         14·s·b·V                  0.92 GB
  comm. buffers         3·w·Ψ_unit                8.71 GB
  allocator slack       0.05·peak                 2.69 GB
  model states                                   35.21 GB
  total at peak (backward)                       56.57 GB ± 7.92 GB
  phases                forward 56.29, backward 56.57, optimizer step 46.11 GB
  usable per GPU                                 82.45 GB  (85.52 total - 1.07 CUDA reserve - 2.00 --reserve)

Verdict   FITS: 25.88 GB headroom ± 7.92 GB per GPU (69% of usable memory used)
Disk      188.27 GB per checkpoint with optimizer states (whole job); 93.41 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM         0.343 s
  data-parallel comm.   exposed of ring collectives       0.435 s
  communication (all)                                     0.714 s  (0.435 s exposed; 256.87 GB per GPU)
  step                                                    0.779 s  (0.452–1.11)

Throughput  42,091 tokens/s (whole job), 2,631 per GPU
MFU         21.2% (hardware FLOPs 20.8%; peak 989 TFLOP/s per GPU at 71% GEMM efficiency)
Speed-up    15.83x vs one GPU (99% of linear over 16 GPUs)
Bottleneck: the network: 56% of the step waits on the network between nodes (ib-ndr)
Cost        50.7 EUR/h for 16 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.01096 EUR per step, 0.3346 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
