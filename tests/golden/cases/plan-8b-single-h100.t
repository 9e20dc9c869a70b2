args: --model 8B --gpus H100
rc: 0
--- stdout
Model     8B: 8.000 B parameters (generic size: exact nominal count, shape of Llama 3.1 8B)
          32 layers, hidden 4096, 32 heads (8 KV), ffn 16264, vocab 32000
Machine   1 x H100-SXM (80 GB HBM3, 85.52 GB each), link nvlink4-switch (450.0 GB/s per direction)
Job       train, single (N = 1), bf16-mixed, adamw

Memory per GPU (GB = 10^9 bytes)
  weights            2·Ψ                16.00 GB
  gradients          2·Ψ                16.00 GB
  optimizer states   12·Ψ               96.00 GB
  model states                         128.00 GB
  total                                128.00 GB
  usable per GPU                        84.45 GB  (85.52 total - 1.07 CUDA reserve)

Verdict   DOES NOT FIT: 43.55 GB short per GPU
Change    try --strategy single --optimizer adamw-8bit: 80.2 GB of model states per GPU
Note      model states only: activations, logits and runtime overheads are not counted yet
--- stderr
