args: scaling --model 1B --gpu RTX4090 --max 4
rc: 0
--- stdout
Scaling 1B on RTX4090: single on one GPU, ddp on more, bf16-mixed, seq 2048, micro-batch 1 per GPU

Link pcie4-host: PCIe without P2P, 31.5 GB/s per direction
   GPUs     step s     tokens/s  speed-up  efficiency  fits
      1      0.218        9,405     1.00x        100%  yes
      2      0.259       15,828     1.68x         84%  yes
      4      0.338       24,222     2.58x         64%  yes

Link pcie4-p2p: PCIe with P2P, 31.5 GB/s per direction
   GPUs     step s     tokens/s  speed-up  efficiency  fits
      1      0.218        9,405     1.00x        100%  yes
      2      0.237       17,284     1.84x         92%  yes
      4      0.247       33,220     3.53x         88%  yes

speed-up: tokens/s against one GPU; efficiency: speed-up / GPUs; fits: in GPU memory
--- stderr
