args: --model llama-3.1-70b --gpus 8xH100 --nodes 2 --tp 8 --pp 2 --sp --virtual-stages 2 --seq 8192 --global-batch 64 --ckpt selective
rc: 0
--- stdout
Model     llama-3.1-70b: 70.554 B parameters
          80 layers, hidden 8192, 64 heads (8 KV), ffn 28672, vocab 128256
Machine   8 x H100-SXM per node x 2 nodes = 16 GPUs (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
          network ib-ndr between nodes (50.0 GB/s per direction)
Job       train, ddp (N = 1), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 64 x dp 1 = 64 samples of 8192 tokens = 524288 tokens per step
Options   checkpointing selective, attention flash, loss standard, offload none
Parallel  dp 1 x tp 8 (with sp) x pp 2 (2 virtual stages each)

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ                       8.82 GB
  gradients             2·Ψ                       8.82 GB
  optimizer states      12·Ψ                     52.92 GB
  activations           L'·m·A_layer             34.03 GB
  comm. buffers         2 × 25 MiB                0.05 GB
  allocator slack       0.05·peak                 5.23 GB
  model states                                   70.55 GB
  total at peak (forward)                       109.87 GB ± 15.38 GB
  phases                forward 109.87, backward 109.87, optimizer step 74.14 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   DOES NOT FIT: 25.42 GB short ± 15.38 GB per GPU
Disk      987.75 GB per checkpoint with optimizer states (whole job); 141.11 GB for a weights-only export

Changes that make it fit (cheapest first):
  --optimizer adamw-8bit: 82.2 GB per GPU (saves 27.6 GB)
  --ckpt full: 76.9 GB per GPU (saves 32.9 GB)
  --offload optimizer --strategy zero2: 45.0 GB per GPU (saves 64.9 GB)
  --lora 16: 45.3 GB per GPU (saves 64.6 GB)

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM        32.1 s
  tensor-parallel comm. 4·L·allreduce(2sbh)              7.40 s
  pipeline bubble       (p-1)/(v·m)·compute             0.257 s
  communication (all)                                    7.40 s  (7.40 s exposed; 2407.33 GB per GPU)
  step                                                   39.7 s  (23.1–56.4)

Throughput  13,191 tokens/s (whole job), 824 per GPU
MFU         40.1% (hardware FLOPs 38.3%; peak 989 TFLOP/s per GPU at 54% GEMM efficiency)
Speed-up    9.89x vs one GPU (62% of linear over 16 GPUs)
Bottleneck: compute: 81% of the step is the GPUs' arithmetic
Cost        52.41 EUR/h for 16 GPUs (reference price: median of 16 catalog offers for H100-SXM; give --offer or --price for yours)
            0.5786 EUR per step, 1.104 EUR per million tokens
--- stderr
