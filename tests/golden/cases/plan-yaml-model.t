args: --model tests/data/models/tiny-moe.yaml --gpus 1xRTX3060
rc: 0
--- stdout
Model     tiny-moe: 3880 parameters (2344 active)
          2 layers, hidden 8, 2 heads (1 KV), ffn 16, vocab 20
Machine   1 x RTX3060 (12 GB GDDR6, 12.88 GB each), link pcie4-host (31.5 GB/s per direction)
Job       train, single (N = 1), bf16-mixed, adamw

Memory per GPU (GB = 10^9 bytes)
  weights            2·Ψ                 0.00 GB
  gradients          2·Ψ                 0.00 GB
  optimizer states   12·Ψ                0.00 GB
  model states                           0.00 GB
  total                                  0.00 GB
  usable per GPU                        11.81 GB  (12.88 total - 1.07 CUDA reserve)

Verdict   FITS: 11.81 GB to spare per GPU (0% of usable memory used)
Note      model states only: activations, logits and runtime overheads are not counted yet
Note      no nvidia-smi reading for this GPU: its memory is the vendor label read as GiB
--- stderr
