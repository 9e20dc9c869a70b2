args: --model llama-3.1-70b --gpus 8xH100 --nodes 2 --tp 8 --pp 2 --sp --virtual-stages 2 --seq 8192 --global-batch 64 --ckpt selective
rc: 0
--- stdout
Model     llama-3.1-70b: 70.554 B parameters
          80 layers, hidden 8192, 64 heads (8 KV), ffn 28672, vocab 128256
Machine   8 x H100-SXM per node x 2 nodes = 16 GPUs (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
          network ib-ndr between nodes (the DGX H100 default): 8 NICs per node, 50.00 GB/s per GPU per direction (400 Gb/s)
Job       train, zero2 (N = 1), bf16-mixed, adamw, full fine-tuning
Strategy  auto: ddp needs 144.6 GB per GPU (> 84.4 usable); zero2 needs 117.9 GB per GPU (> 84.4 usable); zero3 needs 117.7 GB per GPU (> 84.4 usable); zero2+offload optimizer fits: 53.1 GB per GPU of 84.4 usable, the fastest of 3 that fit (9,690 tokens/s)
Batch     micro-batch 1 x grad-accum 64 x dp 1 = 64 samples of 8192 tokens = 524288 tokens per step
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: loss standard (what you state wins; --explain: the source of each)
Options   checkpointing selective, attention flash, loss standard, offload optimizer
Parallel  dp 1 x tp 8 (with sp) x pp 2 (2 virtual stages each)

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ                       8.82 GB
  gradients             0 (host RAM)              0.00 GB
  optimizer states      0 (host RAM)              0.00 GB
  activations           L'·m·A_layer             40.74 GB
  comm. buffers         w·bucket                  1.00 GB
  allocator slack       0.05·peak                 2.53 GB
  model states                                    8.82 GB
  total at peak (forward)                        53.09 GB ± 11.15 GB
  phases                forward 53.09, backward 53.09, optimizer step 10.31 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 31.36 GB headroom ± 11.15 GB per GPU (63% of usable memory used)
Host RAM  846.64 GB needed per machine for offload; the machine's RAM is unknown (give --host-ram)
Disk      987.75 GB per checkpoint with optimizer states (whole job); 141.11 GB for a weights-only export

Faster settings that also fit (flags to add; tokens/s of the whole job):
  --precision fp8-mixed --lora 16 --ckpt none: 17,383 tokens/s at 0.81 EUR per million, 45.1 GB per GPU (saves 8.0 GB); changes the training: FP8 matmuls, adapters on a frozen base
  --lora 16 --ckpt none: 14,743 tokens/s at 0.955 EUR per million, 50.0 GB per GPU (saves 3.1 GB); changes the training: adapters on a frozen base

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM        35.1 s
  tensor-parallel comm. 4·L·allreduce(2sbh)              7.40 s
  pipeline bubble       (p-1)/(v·m)·compute             0.280 s
  offload               4·Ψ/N/PCIe + Ψ/N/CPU             11.4 s
  communication (all)                                    7.40 s  (7.40 s exposed; 2407.33 GB per GPU)
  step                                                   54.1 s  (35.7–72.5)

Throughput  9,690 tokens/s (whole job), 606 per GPU
MFU         29.5% (HFU 30.8% with recomputation; peak 989 TFLOP/s per GPU at 54% GEMM efficiency)
Speed-up    7.99x vs one GPU (50% of linear over 16 GPUs)
Bottleneck: compute: 65% of the step is the GPUs' arithmetic
Cost        50.7 EUR/h for 16 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.7619 EUR per step, 1.453 EUR per million tokens

Note      ZeRO/FSDP over one data-parallel rank shards nothing: the states are those of training without sharding
Note      offload keeps optimizer states in host RAM, whose size is unknown: give the machine's RAM (--host-ram) to check it
--- stderr
