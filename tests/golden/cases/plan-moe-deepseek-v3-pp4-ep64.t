args: --model deepseek-v3 --gpus 8xH100 --nodes 32 --network 8xib-ndr --strategy zero3 --pp 4 --ep 64 --seq 4096 --grad-accum 8 --framework megatron
rc: 0
--- stdout
Model     deepseek-v3: 671.026 B parameters (37.552 B active, 36.626 B without the embedding, as MoE cards count)
          besides 11.610 B in 1 multi-token prediction layer(s): served only for speculative decoding, trained in Megatron's step time (not in memory)
          61 layers, hidden 7168, 128 heads (128 KV), ffn 18432, vocab 129280
Machine   8 x H100-SXM per node x 32 nodes = 256 GPUs (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
          network 8xib-ndr between nodes (as infiniband): 8 NICs per node, 50.00 GB/s per GPU per direction (400 Gb/s)
Job       train, zero3 (N = 64), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 8 x dp 64 = 512 samples of 4096 tokens = 2097152 tokens per step
          = 64x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x64 (SGD) / x8 (Adam), warmed up
Framework megatron (Megatron-LM / Megatron-Core (NVIDIA)): its defaults here: ckpt none, loss standard, attn flash, fused_kernels true, optimizer_impl fused, logits_kept false, moe_impl megatron, grads_fp32 true (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 64 x tp 1 x pp 4; experts: ep 64 x etp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ/N                     5.26 GB
  gradients             4·Ψ/N                    10.51 GB
  optimizer states      12·Ψ/N                   31.54 GB
  activations           L'·m·A_layer            113.29 GB
  comm. buffers         3·w·Ψ_unit               69.04 GB
  allocator slack       0.05·peak                11.48 GB
  model states                                   47.31 GB
  total at peak (forward)                       241.13 GB ± 50.64 GB
  phases                forward 241.13, backward 241.13, optimizer step 122.17 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   DOES NOT FIT: 156.68 GB short ± 50.64 GB per GPU
Disk      9394.37 GB per checkpoint with optimizer states (whole job); 1342.05 GB for a weights-only export

Changes that make it fit (flags to add, fastest first; tokens/s of the whole job):
  --lora 16 --ckpt full: 34,122 tokens/s at 6.6 EUR per million, 69.5 GB per GPU (saves 171.6 GB); changes the training: adapters on a frozen base
  --qlora --ckpt full: 29,294 tokens/s at 7.69 EUR per million, 29.6 GB per GPU (saves 211.5 GB); changes the training: adapters on a 4-bit frozen base

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM                   4.29 s
  data-parallel comm.   exposed of ring collectives                0.409 s
  pipeline bubble       (p-1)/(v·m)·compute                         1.61 s
  expert all-to-all     (4|6)·L_moe·a2a(sbkh·2B), per expert        4.49 s
    MoE experts         F_exp/(peak·eff(M))                         1.50 s
    MoE dispatch        B/HBM+syncs+counts                         0.477 s
  communication (all)                                               6.66 s  (4.90 s exposed; 646.03 GB per GPU)
  step                                                              10.8 s  (7.13–14.5)

Throughput  194,094 tokens/s (whole job), 758 per GPU
MFU         21.5% (HFU 21.5% with recomputation; peak 989 TFLOP/s per GPU at 75% GEMM efficiency)
Speed-up    196.36x vs one GPU (77% of linear over 256 GPUs)
Bottleneck: the network: 45% of the step waits on the network between nodes (8xib-ndr)
Cost        811.1 EUR/h for 256 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            2.435 EUR per step, 1.161 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
