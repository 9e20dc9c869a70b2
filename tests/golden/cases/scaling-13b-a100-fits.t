args: scaling --model 13B --gpu 8xA100-80 --strategy zero3 --ckpt full --links nvlink3-switch,pcie4-p2p
rc: 0
--- stdout
Scaling 13B on A100-80: zero3, bf16-mixed, seq 2048, micro-batch 1 per GPU

Link nvlink3-switch: NVLink, 300.0 GB/s per direction
   GPUs     step s     tokens/s  speed-up  efficiency  fits
      1      1.283        1,596     1.00x        100%  no
      2      1.202        3,407     2.13x        107%  no
      4      1.162        7,051     4.42x        110%  no
      8      1.142       14,351     8.99x        112%  yes

Link pcie4-p2p: PCIe with P2P, 31.5 GB/s per direction
   GPUs     step s     tokens/s  speed-up  efficiency  fits
      1      1.283        1,596     1.00x        100%  no
      2      1.769        2,315     1.45x         73%  no
      4      2.532        3,235     2.03x         51%  no
      8      2.914        5,622     3.52x         44%  yes

speed-up: tokens/s against one GPU; efficiency: speed-up / GPUs; fits: in GPU memory
--- stderr
