args: scaling --model 1B --gpu RTX4090 --max 4
rc: 0
--- stdout
Scaling 1B on RTX4090: single on one GPU, ddp on more, bf16-mixed, seq 2048, micro-batch 1 per GPU

Link pcie4-host: PCIe without P2P, 31.5 GB/s per direction
   GPUs     step s     tokens/s  speed-up  efficiency  fits
      1      0.218        9,405     1.00x        100%  yes
      2      0.418        9,810     1.04x         52%  no
      4      0.576       14,215     1.51x         38%  no

Link pcie4-p2p: PCIe with P2P, 31.5 GB/s per direction
   GPUs     step s     tokens/s  speed-up  efficiency  fits
      1      0.218        9,405     1.00x        100%  yes
      2      0.259       15,828     1.68x         84%  no
      4      0.338       24,224     2.58x         64%  no

speed-up: tokens/s against one GPU; efficiency: speed-up / GPUs; fits: in GPU memory
--- stderr
