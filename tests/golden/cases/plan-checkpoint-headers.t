args: --model tests/data/checkpoint/tiny-llama-fp8-mtp --gpus 1xH100
rc: 0
--- stdout
Model     tiny-llama-fp8-mtp: 106816 parameters
          checkpoint: 110912 params in its safetensors headers (148208 bytes as stored), config count differs by -3.7 %
          2 layers, hidden 64, 4 heads (2 KV), ffn 128, vocab 256
Machine   1 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, single (N = 1), bf16-mixed, adamw, full fine-tuning
Strategy  auto: single fits: 0.0 GB per GPU of 84.4 usable, the fastest of 4 that fit (477,389 tokens/s)
Batch     micro-batch 1 x grad-accum 1 x dp 1 = 1 sample of 2048 tokens = 2048 tokens per step
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach, autocast true (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 1 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               4·Ψ                       0.00 GB
  gradients             4·Ψ                       0.00 GB
  optimizer states      8·Ψ                       0.00 GB
  activations           L'·m·A_layer              0.01 GB
  logits + loss         14·s·b·V                  0.01 GB
  optimizer step temp.  one moment (step)         0.00 GB
  allocator slack       0.05·peak                 0.00 GB
  model states                                    0.00 GB
  total at peak (backward)                        0.02 GB
  phases                forward 0.02, backward 0.02, optimizer step 0.00 GB
  usable per GPU                                 84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 84.43 GB headroom per GPU (0% of usable memory used)
Disk      0.00 GB per checkpoint with optimizer states (whole job); 0.00 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM       0.004 s
  step                                                  0.004 s  (0.003–0.006)

Throughput  477,389 tokens/s (whole job), 477,389 per GPU
MFU         0.2% (HFU 0.2% with recomputation; peak 989 TFLOP/s per GPU at 9% GEMM efficiency)
Bottleneck: the host CPU: 100% of the step is the CPU issuing eager PyTorch's operators, slower than the GPUs run them (torch.compile: --compile)
Cost        3.169 EUR/h for 1 GPU (reference price: median over providers of 24 catalog offers for H100-SXM; give --offer or --price for yours)
            3.776e-06 EUR per step, 0.001844 EUR per million tokens
--- stderr
