args: --model 8B --gpus 8xH100 --strategy zero1 --units GiB
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 16264, vocab 32000
Machine   8 x H100-SXM (80 GB HBM3, 79.65 GiB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, zero1 (N = 8), bf16-mixed, adamw

Memory per GPU (GiB = 2^30 bytes)
  weights            2·Ψ                14.90 GiB
  gradients          2·Ψ                14.90 GiB
  optimizer states   12·Ψ/N             11.18 GiB
  model states                          40.98 GiB
  total                                 40.98 GiB
  usable per GPU                        78.65 GiB  (79.65 total - 1.00 CUDA reserve)

Verdict   FITS: 37.67 GiB to spare per GPU (52% of usable memory used)
Note      model states only: activations, logits and runtime overheads are not counted yet
--- stderr
