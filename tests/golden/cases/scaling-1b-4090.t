args: scaling --model 1B --gpu RTX4090 --max 4
rc: 0
--- stdout
Scaling 1B on RTX4090: single on one GPU, ddp on more, bf16-mixed, seq 2048, micro-batch 1 per GPU

Link pcie4-host: PCIe without P2P, 31.5 GB/s per direction
   GPUs     step s     tokens/s  speed-up  efficiency  fits
      1      0.191       10,748     1.00x        100%  yes
      2      0.405       10,113     0.94x         47%  no
      4      0.564       14,530     1.35x         34%  no

Link pcie4-p2p: PCIe with P2P, 31.5 GB/s per direction
   GPUs     step s     tokens/s  speed-up  efficiency  fits
      1      0.191       10,748     1.00x        100%  yes
      2      0.246       16,632     1.55x         77%  no
      4      0.326       25,154     2.34x         59%  no

speed-up: tokens/s against one GPU; efficiency: speed-up / GPUs; fits: in GPU memory
--- stderr
