args: scaling --model 8B --gpu H100 --max 8 --nodes 4 --network ib-ndr --strategy zero3 --links nvlink4-switch
rc: 0
--- stdout
Scaling 8B on H100-SXM: zero3, bf16-mixed, seq 2048, micro-batch 1 per GPU

Link nvlink4-switch: NVLink, 450.0 GB/s per direction
   GPUs     step s     tokens/s  speed-up  efficiency  fits
      1      0.271        7,547     1.00x        100%  no
      2      0.242       16,913     2.24x        112%  no
      4      0.228       35,994     4.77x        119%  yes
      8      0.220       74,368     9.85x        123%  yes
     16      0.228      143,626    19.03x        119%  yes
     32      0.260      251,693    33.35x        104%  yes

speed-up: tokens/s against one GPU; efficiency: speed-up / GPUs; fits: in GPU memory
--- stderr
