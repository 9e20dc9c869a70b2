args: scaling --model 13B --gpu 8xA100-80 --strategy zero3 --ckpt full --links nvlink3-switch,pcie4-p2p
rc: 0
--- stdout
Scaling 13B on A100-80: zero3, bf16-mixed, seq 2048, micro-batch 1 per GPU

Link nvlink3-switch: NVLink, 300.0 GB/s per direction
   GPUs     step s     tokens/s  speed-up  efficiency  fits
      1      1.276        1,605     1.00x        100%  no
      2      1.195        3,428     2.14x        107%  no
      4      1.154        7,096     4.42x        111%  yes
      8      1.134       14,445     9.00x        112%  yes

Link pcie4-p2p: PCIe with P2P, 31.5 GB/s per direction
   GPUs     step s     tokens/s  speed-up  efficiency  fits
      1      1.276        1,605     1.00x        100%  no
      2      1.768        2,317     1.44x         72%  no
      4      2.531        3,237     2.02x         50%  yes
      8      2.913        5,625     3.50x         44%  yes

speed-up: tokens/s against one GPU; efficiency: speed-up / GPUs; fits: in GPU memory
--- stderr
