args: scaling --model 8B --gpu GB200 --max 72 --strategy zero3
rc: 0
--- stdout
Scaling 8B on GB200: zero3, bf16-mixed, seq 2048, micro-batch 1 per GPU

Link nvlink5-nvl72: NVLink, 900.0 GB/s per direction
   GPUs     step s     tokens/s  speed-up  efficiency  fits
      1      0.116       17,723     1.00x        100%  no
      2      0.104       39,250     2.21x        111%  yes
      4      0.099       82,945     4.68x        117%  yes
      8      0.096      170,711     9.63x        120%  yes
     16      0.095      346,393    19.54x        122%  yes
     32      0.094      697,614    39.36x        123%  yes
     64      0.094    1,399,090    78.94x        123%  yes
     72      0.094    1,574,248    88.82x        123%  yes

speed-up: tokens/s against one GPU; efficiency: speed-up / GPUs; fits: in GPU memory
--- stderr
