args: --model llama-3.1-70b --gpus 8xH100 --nodes 2 --seq 4096 --framework megatron --strategy zero1 --tp 4 --pp 4 --first-stage-layers 17 --last-stage-layers 17 --grad-accum 16
rc: 0
--- stdout
Model     llama-3.1-70b: 70.554 B parameters
          80 layers, hidden 8192, 64 heads (8 KV), ffn 28672, vocab 128256
Machine   8 x H100-SXM per node x 2 nodes = 16 GPUs (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
          network ib-ndr between nodes (the DGX H100 default): 8 NICs per node, 50.00 GB/s per GPU per direction (400 Gb/s)
Job       train, zero1 (N = 1), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 16 x dp 1 = 16 samples of 4096 tokens = 65536 tokens per step
Framework megatron (Megatron-LM / Megatron-Core (NVIDIA)): its defaults here: ckpt none, loss standard, attn flash, fused_kernels true, optimizer_impl fused, logits_kept false, grads_fp32 true (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 1 x tp 4 x pp 4 (layers: first 17, last 17; 0: even)

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ                      10.37 GB
  gradients             4·Ψ                      20.73 GB
  optimizer states      12·Ψ/N                   62.19 GB
  activations           L'·m·A_layer             37.49 GB
  allocator slack       0.05·peak                 6.54 GB
  model states                                   93.29 GB
  total at peak (forward)                       137.31 GB ± 28.84 GB
  phases                forward 137.31, backward 137.31, optimizer step 97.95 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   DOES NOT FIT: 52.87 GB short ± 28.84 GB per GPU
Disk      987.75 GB per checkpoint with optimizer states (whole job); 141.11 GB for a weights-only export

Changes that make it fit (flags to add, fastest first; tokens/s of the whole job):
  --precision fp8-mixed --lora 16: 22,528 tokens/s at 0.625 EUR per million, 43.6 GB per GPU (saves 93.7 GB); changes the training: FP8 matmuls, adapters on a frozen base
  --precision bf16 --optimizer adafactor: 14,808 tokens/s at 0.951 EUR per million, 61.1 GB per GPU (saves 76.2 GB); changes the training: pure bf16 weights (no fp32 master), Adafactor's factored states
  --offload optimizer: 4,164 tokens/s at 3.38 EUR per million, 50.2 GB per GPU (saves 87.1 GB); the same training
  (4 more in --json)

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM        3.39 s
  tensor-parallel comm. 4·L·allreduce(2sbh)             0.396 s
  pipeline bubble       (p-1)/(v·m)·compute             0.641 s
  communication (all)                                   0.396 s  (0.396 s exposed; 131.00 GB per GPU)
  step                                                   4.43 s  (2.92–5.93)

Throughput  14,808 tokens/s (whole job), 926 per GPU
MFU         42.0% (HFU 42.0% with recomputation; peak 989 TFLOP/s per GPU at 64% GEMM efficiency)
Speed-up    9.36x vs one GPU (58% of linear over 16 GPUs)
Bottleneck: compute: 77% of the step is the GPUs' arithmetic
Cost        50.7 EUR/h for 16 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.06232 EUR per step, 0.951 EUR per million tokens

Note      ZeRO/FSDP over one data-parallel rank shards nothing: the states are those of training without sharding
--- stderr
