args: scaling --model 1B --gpu RTX4090 --max 4
rc: 0
--- stdout
Scaling 1B on RTX4090: single on one GPU, ddp on more, bf16-mixed, seq 2048, micro-batch 1 per GPU

Link pcie4-host: PCIe without P2P, 31.5 GB/s per direction
   GPUs     step s     tokens/s  speed-up  efficiency  fits
      1      0.179       11,410     1.00x        100%  yes
      2      0.241       16,981     1.49x         74%  yes
      4      0.321       25,549     2.24x         56%  yes

Link pcie4-p2p: PCIe with P2P, 31.5 GB/s per direction
   GPUs     step s     tokens/s  speed-up  efficiency  fits
      1      0.179       11,410     1.00x        100%  yes
      2      0.195       20,968     1.84x         92%  yes
      4      0.203       40,300     3.53x         88%  yes

speed-up: tokens/s against one GPU; efficiency: speed-up / GPUs; fits: in GPU memory
--- stderr
