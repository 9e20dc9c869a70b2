args: scaling --model 1B --gpu RTX4090 --max 4
rc: 0
--- stdout
Scaling 1B on RTX4090: single on one GPU, ddp on more, bf16-mixed, seq 2048, micro-batch 1 per GPU

Link pcie4-host: PCIe without P2P, 31.5 GB/s per direction
   GPUs     step s     tokens/s  speed-up  efficiency  fits
      1      2.842          721     1.00x        100%  yes
      2      0.295       13,895    19.28x        964%  yes
      4      0.333       24,577    34.10x        853%  yes

Link pcie4-p2p: PCIe with P2P, 31.5 GB/s per direction
   GPUs     step s     tokens/s  speed-up  efficiency  fits
      1      2.842          721     1.00x        100%  yes
      2      0.248       16,543    22.96x       1148%  yes
      4      0.263       31,204    43.30x       1082%  yes

speed-up: tokens/s against one GPU; efficiency: speed-up / GPUs; fits: in GPU memory
--- stderr
