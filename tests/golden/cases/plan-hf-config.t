args: --model tests/data/hf/llama-llama-3.1-8b.json --gpus 2xA6000 --strategy fsdp
rc: 0
--- stdout
Model     llama-llama-3.1-8b: 8.030 B parameters
          32 layers, hidden 4096, 32 heads (8 KV), ffn 14336, vocab 128256
Machine   2 x A6000 (48 GB GDDR6 ECC, 51.54 GB each), link pcie4-p2p (31.5 GB/s per direction)
Job       train, zero3 (N = 2), bf16-mixed, adamw

Memory per GPU (GB = 10^9 bytes)
  weights            2·Ψ/N               8.03 GB
  gradients          2·Ψ/N               8.03 GB
  optimizer states   12·Ψ/N             48.18 GB
  model states                          64.24 GB
  total                                 64.24 GB
  usable per GPU                        50.47 GB  (51.54 total - 1.07 CUDA reserve)

Verdict   DOES NOT FIT: 13.78 GB short per GPU
Change    try --strategy zero3 --optimizer adamw-8bit: 40.3 GB of model states per GPU
Note      model states only: activations, logits and runtime overheads are not counted yet
Note      no nvidia-smi reading for this GPU: its memory is the vendor label read as GiB
--- stderr
