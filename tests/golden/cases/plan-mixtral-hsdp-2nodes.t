args: --model mixtral-8x7b --gpus 8xH100 --nodes 2 --strategy hsdp --precision bf16 --optimizer adamw-8bit --reserve 2GB
rc: 0
--- stdout
Model     mixtral-8x7b: 46.703 B parameters (12.880 B active)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14336, vocab 32000
Machine   8 x H100-SXM per node x 2 nodes = 16 GPUs (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, hsdp (N = 8), bf16, adamw-8bit

Memory per GPU (GB = 10^9 bytes)
  weights            2·Ψ/N              11.68 GB
  gradients          2·Ψ/N              11.68 GB
  optimizer states   2.03125·Ψ/N        11.86 GB
  model states                          35.21 GB
  total                                 35.21 GB
  usable per GPU                        82.45 GB  (85.52 total - 1.07 CUDA reserve - 2.00 --reserve)

Verdict   FITS: 47.24 GB to spare per GPU (43% of usable memory used)
Note      model states only: activations, logits and runtime overheads are not counted yet
--- stderr
