args: --model llama-3.1-70b --gpus 8xA100-80 --strategy zero3
rc: 0
--- stdout
Model     llama-3.1-70b: 70.554 B parameters
          80 layers, hidden 8192, 64 heads (8 KV), ffn 28672, vocab 128256
Machine   8 x A100-80 (80 GB HBM2e, 85.90 GB each), link nvlink3-switch (300.0 GB/s per direction)
Job       train, zero3 (N = 8), bf16-mixed, adamw

Memory per GPU (GB = 10^9 bytes)
  weights            2·Ψ/N              17.64 GB
  gradients          2·Ψ/N              17.64 GB
  optimizer states   12·Ψ/N            105.83 GB
  model states                         141.11 GB
  total                                141.11 GB
  usable per GPU                        84.83 GB  (85.90 total - 1.07 CUDA reserve)

Verdict   DOES NOT FIT: 56.28 GB short per GPU
Change    try --gpus 8xA100-80 --nodes 2 --strategy zero3: 70.6 GB of model states per GPU
Note      model states only: activations, logits and runtime overheads are not counted yet
Note      no nvidia-smi reading for this GPU: its memory is the vendor label read as GiB
--- stderr
