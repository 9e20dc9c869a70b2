args: --model DeepSeek-V3 --gpus 8xH100 --nodes 32 --strategy zero1 --tp 2 --pp 8 --ep 32 --etp 1
rc: 0
--- stdout
Model     deepseek-v3: 671.026 B parameters (37.552 B active, 36.626 B without the embedding, as MoE cards count)
          besides 11.610 B in 1 multi-token prediction layer(s): served only for speculative decoding, trained in Megatron's step time (not in memory)
          61 layers, hidden 7168, 128 heads (128 KV), ffn 18432, vocab 129280
Machine   8 x H100-SXM per node x 32 nodes = 256 GPUs (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
          network ib-ndr between nodes (the DGX H100 default): 8 NICs per node, 50.00 GB/s per GPU per direction (400 Gb/s)
Job       train, zero1 (N = 16), bf16-mixed, adamw, full fine-tuning
Batch     micro-batch 1 x grad-accum 1 x dp 16 = 16 samples of 2048 tokens = 32768 tokens per step
          = 16x what one GPU steps with these settings: keep your global batch with --global-batch N, or scale the learning rate x16 (SGD) / x4 (Adam), warmed up
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 16 x tp 2 x pp 8; experts: ep 32 x etp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ                       7.94 GB
  gradients             2·Ψ                       7.94 GB
  optimizer states      12·Ψ/N                   31.71 GB
  activations           L'·m·A_layer              6.03 GB
  logits + loss         14·s·b·V                  1.85 GB
  comm. buffers         w·bucket                  1.00 GB
  optimizer step temp.  one moment (step)        10.57 GB
  allocator slack       0.05·peak                 2.96 GB
  model states                                   47.60 GB
  total at peak (optimizer step)                 62.13 GB ± 13.05 GB
  phases                forward 50.41, backward 50.97, optimizer step 62.13 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 22.31 GB headroom ± 13.05 GB per GPU (74% of usable memory used)
Disk      9394.37 GB per checkpoint with optimizer states (whole job); 1342.05 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM                  0.111 s
  data-parallel comm.   exposed of ring collectives                0.032 s
  tensor-parallel comm. 4·L·allreduce(2sbh)                        0.003 s
  pipeline bubble       (p-1)/(v·m)·compute                        0.774 s
  expert all-to-all     (4|6)·L_moe·a2a(sbkh·2B), per expert       0.120 s
    MoE experts         F_exp/(peak·eff(M))                        0.029 s
    MoE dispatch        B/HBM+syncs+counts                         0.020 s
  communication (all)                                              0.177 s  (0.155 s exposed; 21.14 GB per GPU)
  step                                                              1.04 s  (0.687–1.39)

Throughput  31,501 tokens/s (whole job), 123 per GPU
MFU         3.1% (HFU 3.1% with recomputation; peak 989 TFLOP/s per GPU at 70% GEMM efficiency)
Speed-up    177.07x vs one GPU (69% of linear over 256 GPUs)
Bottleneck: the pipeline: 74% of the step waits in pipeline bubbles
Cost        811.1 EUR/h for 256 GPUs (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            0.2344 EUR per step, 7.153 EUR per million tokens

Note      the global batch grows with the data-parallel GPUs: keep it with --global-batch (grad-accum is recomputed), or scale the learning rate - linearly for SGD, by the square root for Adam and AdamW - with a warm-up
--- stderr
