args: --model 8B --gpus 4xH100 --strategy zero3
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 16264, vocab 32000
Machine   4 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero3 (N = 4), bf16-mixed, adamw

Memory per GPU (GB = 10^9 bytes)
  weights            2·Ψ/N               4.00 GB
  gradients          2·Ψ/N               4.00 GB
  optimizer states   12·Ψ/N             24.00 GB
  model states                          32.00 GB
  total                                 32.00 GB
  usable per GPU                        84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   FITS: 52.45 GB to spare per GPU (38% of usable memory used)
Note      model states only: activations, logits and runtime overheads are not counted yet
--- stderr
