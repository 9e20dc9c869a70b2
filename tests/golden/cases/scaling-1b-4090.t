args: scaling --model 1B --gpu RTX4090 --max 4
rc: 0
--- stdout
Scaling 1B on RTX4090: single on one GPU, ddp on more, bf16-mixed, seq 2048, micro-batch 1 per GPU

Link pcie4-host: PCIe without P2P, 31.5 GB/s per direction
   GPUs     step s     tokens/s  speed-up  efficiency  fits
      1      0.200       10,265     1.00x        100%  no
      2      0.409       10,011     0.98x         49%  no
      4      0.568       14,424     1.41x         35%  no

Link pcie4-p2p: PCIe with P2P, 31.5 GB/s per direction
   GPUs     step s     tokens/s  speed-up  efficiency  fits
      1      0.200       10,265     1.00x        100%  no
      2      0.250       16,358     1.59x         80%  no
      4      0.330       24,839     2.42x         60%  no

speed-up: tokens/s against one GPU; efficiency: speed-up / GPUs; fits: in GPU memory
--- stderr
