args: --model tests/data/models/tiny-moe.yaml --gpus 1xRTX3060
rc: 0
--- stdout
Model     tiny-moe: 3880 parameters (2344 active, 2184 without the embedding, as MoE cards count)
          2 layers, hidden 8, 2 heads (1 KV), ffn 16, vocab 20
Machine   1 x RTX3060 (12 GB GDDR6, 12.88 GB each), link pcie4-host (31.5 GB/s per direction)
Job       train, single (N = 1), bf16-mixed, adamw, full fine-tuning
Strategy  auto: single fits: 0.0 GB per GPU of 11.8 usable, the fastest of 4 that fit (259,518 tokens/s)
Batch     micro-batch 1 x grad-accum 1 x dp 1 = 1 sample of 2048 tokens = 2048 tokens per step
Framework pytorch (plain PyTorch training loop (torch.optim, DDP, autocast)): its defaults here: ckpt none, loss standard, optimizer_impl foreach, autocast true (what you state wins; --explain: the source of each)
Options   checkpointing none, attention flash, loss standard, offload none
Parallel  dp 1 x tp 1 x pp 1

Memory per GPU (GB = 10^9 bytes)
  weights               4·Ψ                       0.00 GB
  gradients             4·Ψ                       0.00 GB
  optimizer states      8·Ψ                       0.00 GB
  activations           L'·m·A_layer              0.00 GB
  logits + loss         14·s·b·V                  0.00 GB
  optimizer step temp.  one moment (step)         0.00 GB
  allocator slack       0.05·peak                 0.00 GB
  model states                                    0.00 GB
  total at peak (backward)                        0.00 GB
  phases                forward 0.00, backward 0.00, optimizer step 0.00 GB
  usable per GPU                                 11.81 GB  (12.88 total - 1.07 CUDA reserve)

Verdict   FITS: 11.81 GB headroom per GPU (0% of usable memory used)
Disk      0.00 GB per checkpoint with optimizer states (whole job); 0.00 GB for a weights-only export

Time per step
  compute               F_hw·T/(G·peak·eff)+B/HBM       0.008 s
    MoE experts         F_exp/(peak·eff(M))          0.000050 s
    MoE dispatch        B/HBM+syncs+counts           0.000058 s
  step                                                  0.008 s  (0.005–0.011)

Throughput  259,518 tokens/s (whole job), 259,518 per GPU
MFU         0.4% (HFU 0.4% with recomputation; peak 26 TFLOP/s per GPU at 2% GEMM efficiency)
Bottleneck: the host CPU: 100% of the step is the CPU issuing eager PyTorch's operators, slower than the GPUs run them (torch.compile: --compile)
Cost        no offer for RTX3060 in the catalog: give --price X (per GPU-hour)

Note      no nvidia-smi reading for this GPU: its memory is the vendor label read as GiB
Note      the sequence is longer than the model's context window
--- stderr
