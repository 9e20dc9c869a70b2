args: scaling --model 13B --gpu 8xA100-80 --strategy zero3 --ckpt full --links nvlink3-switch,pcie4-p2p
rc: 0
--- stdout
Scaling 13B on A100-80: zero3, bf16-mixed, seq 2048, micro-batch 1 per GPU

Link nvlink3-switch: NVLink, 300.0 GB/s per direction
   GPUs     step s     tokens/s  speed-up  efficiency  fits
      1      1.166        1,757     1.00x        100%  no
      2      1.085        3,775     2.15x        107%  no
      4      1.045        7,842     4.46x        112%  yes
      8      1.024       15,994     9.10x        114%  yes

Link pcie4-p2p: PCIe with P2P, 31.5 GB/s per direction
   GPUs     step s     tokens/s  speed-up  efficiency  fits
      1      1.166        1,757     1.00x        100%  no
      2      1.747        2,345     1.33x         67%  no
      4      2.510        3,263     1.86x         46%  yes
      8      2.892        5,665     3.23x         40%  yes

speed-up: tokens/s against one GPU; efficiency: speed-up / GPUs; fits: in GPU memory
--- stderr
