args: --model llama-3.1-70b --gpus 8xH100 --nodes 2 --tp 8 --pp 2 --sp --virtual-stages 2 --seq 8192 --global-batch 64 --ckpt selective
rc: 0
--- stdout
Model     llama-3.1-70b: 70.554 B parameters
          80 layers, hidden 8192, 64 heads (8 KV), ffn 28672, vocab 128256
Machine   8 x H100-SXM per node x 2 nodes = 16 GPUs (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
          network ib-ndr between nodes (50.0 GB/s per direction)
Job       train, zero3 (N = 1), bf16-mixed, adamw, full fine-tuning
Strategy  auto: ddp needs 109.9 GB per GPU (> 84.4 usable); zero2 needs 109.8 GB per GPU (> 84.4 usable); zero3 needs 110.6 GB per GPU (> 84.4 usable); zero3+offload optimizer fits: 45.8 GB per GPU of 84.4 usable
Batch     micro-batch 1 x grad-accum 64 x dp 1 = 64 samples of 8192 tokens = 524288 tokens per step
Options   checkpointing selective, attention flash, loss standard, offload optimizer
Parallel  dp 1 x tp 8 (with sp) x pp 2 (2 virtual stages each)

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                     8.82 GB
  gradients             0 (host RAM)              0.00 GB
  optimizer states      0 (host RAM)              0.00 GB
  activations           L'·m·A_layer             34.03 GB
  comm. buffers         3·w·Ψ_unit                0.79 GB
  allocator slack       0.05·peak                 2.18 GB
  model states                                    8.82 GB
  total at peak (forward)                        45.82 GB ± 6.42 GB
  phases                forward 45.82, backward 45.82, optimizer step 10.09 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 38.62 GB headroom ± 6.42 GB per GPU (54% of usable memory used)
Host RAM  846.64 GB needed per machine for offload; the machine's RAM is unknown (give --host-ram)
Disk      987.75 GB per checkpoint with optimizer states (whole job); 141.11 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM        32.0 s
  tensor-parallel comm. 4·L·allreduce(2sbh)              7.40 s
  pipeline bubble       (p-1)/(v·m)·compute             0.256 s
  offload               4·Ψ/N/PCIe + Ψ/N/CPU             11.4 s
  communication (all)                                    7.40 s  (7.40 s exposed; 2407.33 GB per GPU)
  step                                                   51.1 s  (29.6–72.5)

Throughput  10,265 tokens/s (whole job), 642 per GPU
MFU         31.2% (hardware FLOPs 29.8%; peak 989 TFLOP/s per GPU at 54% GEMM efficiency)
Speed-up    7.68x vs one GPU (48% of linear over 16 GPUs)
Bottleneck: compute: 63% of the step is the GPUs' arithmetic
Cost        50.7 EUR/h for 16 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.7192 EUR per step, 1.372 EUR per million tokens

Note      ZeRO/FSDP over one data-parallel rank shards nothing: the states are those of training without sharding
Note      offload keeps optimizer states in host RAM, whose size is unknown: give the machine's RAM (--host-ram) to check it
--- stderr
