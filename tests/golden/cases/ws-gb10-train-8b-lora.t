args: --model llama-3.1-8b --gpus 1xGB10 --lora 16
rc: 0
--- stdout
Model     llama-3.1-8b: 8.030 B parameters
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14336, vocab 128256
Machine   1 x GB10 (128 GB LPDDR5X shared with the CPU, 130.66 GB each), link pcie5-host (63.0 GB/s per direction)
Job       train, single (N = 1), bf16-mixed, adamw, LoRA rank 16 on all-linear (41.9 M adapter parameters)
Strategy  auto: single fits: 34.1 GB per GPU of 117.4 usable, the fastest of 2 that fit (1,114 tokens/s)
Batch     micro-batch 1 x grad-accum 1 x dp 1 = 1 sample of 2048 tokens = 2048 tokens per step
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 1 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               2·Ψ+2·Ψ_lora             16.14 GB
  gradients             2·Ψ_lora                  0.08 GB
  optimizer states      12·Ψ_lora                 0.50 GB
  activations           L'·m·A_layer             12.14 GB
  logits + loss         14·s·b·V                  3.68 GB
  optimizer step temp.  one moment (step)         0.17 GB
  allocator slack       0.05·peak                 1.62 GB
  model states                                   16.73 GB
  total at peak (backward)                       34.08 GB ± 7.16 GB
  phases                forward 32.98, backward 34.08, optimizer step 17.74 GB
  usable per GPU                                117.43 GB  (130.66 total - 1.07 CUDA reserve - 12.15 the OS's share)

Verdict   FITS: 83.35 GB headroom ± 7.16 GB per GPU (29% of usable memory used)
Disk      0.59 GB per checkpoint with optimizer states (whole job); 0.08 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM        1.84 s
  step                                                   1.84 s  (1.21–2.46)

Throughput  1,114 tokens/s (whole job), 1,114 per GPU
MFU         29.9% (HFU 29.9% with recomputation; peak 125 TFLOP/s per GPU at 67% GEMM efficiency)
Bottleneck: compute: 100% of the step is the GPUs' arithmetic
Cost        no offer for GB10 in the catalog: give --price X (per GPU-hour)

Note      this GPU's memory is the CPU's too (unified LPDDR5X): the OS, the page cache and the job's CPU side take from the same pool; vfplan keeps free what an idle headless machine's OS held (11.3 GiB on a DGX Spark), a desktop holds more (training: --reserve; vLLM: a lower --gpu-memory-utilization), and offloading to host RAM frees nothing
--- stderr
