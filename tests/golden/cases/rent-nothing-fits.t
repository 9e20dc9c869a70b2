args: rent --model 8B --tokens 1e9 --budget 1EUR
rc: 3
--- stdout
0 offers can run it (185 left out); the time-cost front first, cheapest first, * = on the time-cost front

    offer                        GPUs                time        total  settings

Left out:
  tensorwave-1xmi300x          costs 36.15 EUR, over the 1.00 budget
  vultr-1xmi300x               costs 44.58 EUR, over the 1.00 budget
  tensorwave-1xmi325x          costs 41.77 EUR, over the 1.00 budget
  aws-g5-xlarge                costs 476.03 EUR, over the 1.00 budget
  aws-g5-12xlarge              costs 690.02 EUR, over the 1.00 budget
  aws-g5-48xlarge              costs 1004.36 EUR, over the 1.00 budget
  aws-p6-b300-48xlarge         costs 235.19 EUR, over the 1.00 budget
  azure-nd40rs-v2              costs 629.26 EUR, over the 1.00 budget
  clore-1xrtx4090              costs 21.74 EUR, over the 1.00 budget
  clore-2xrtx4090              costs 22.84 EUR, over the 1.00 budget
  clore-2xrtx3090              costs 22.04 EUR, over the 1.00 budget
  clore-1xa100-40              costs 24.45 EUR, over the 1.00 budget
  clore-2xa100-40              costs 24.87 EUR, over the 1.00 budget
  clore-1xa100-80              costs 35.27 EUR, over the 1.00 budget
  clore-2xa100-80              costs 35.45 EUR, over the 1.00 budget
  gcp-8xh100                   costs 292.61 EUR, over the 1.00 budget
  hyperbolic-1xh100-a          costs 62.17 EUR, over the 1.00 budget
  hyperbolic-2xh100-a          costs 64.48 EUR, over the 1.00 budget
  hyperbolic-4xh100-a          costs 36.84 EUR, over the 1.00 budget
  hyperbolic-8xh100-a          costs 36.84 EUR, over the 1.00 budget
  hyperbolic-1xh100-b          costs 58.72 EUR, over the 1.00 budget
  hyperbolic-2xh100-b          costs 59.87 EUR, over the 1.00 budget
  hyperbolic-4xh100-b          costs 36.84 EUR, over the 1.00 budget
  hyperbolic-1xrtx4090-a       fits only with offload, which needs 192 GB of host RAM (the machine has 36 GB)
  hyperbolic-2xrtx4090-a       fits only with offload, which needs 192 GB of host RAM (the machine has 73 GB)
  hyperbolic-4xrtx4090-a       fits only with offload, which needs 192 GB of host RAM (the machine has 146 GB)
  hyperbolic-8xrtx4090-a       costs 60.69 EUR, over the 1.00 budget
  hyperbolic-1xrtx4090-b       fits only with offload, which needs 192 GB of host RAM (the machine has 48 GB)
  hyperbolic-2xrtx4090-b       fits only with offload, which needs 192 GB of host RAM (the machine has 97 GB)
  hyperbolic-4xrtx4090-b       costs 50.09 EUR, over the 1.00 budget
  hyperbolic-1xrtx4090-c       fits only with offload, which needs 192 GB of host RAM (the machine has 58 GB)
  hyperbolic-2xrtx4090-c       fits only with offload, which needs 192 GB of host RAM (the machine has 116 GB)
  hyperbolic-4xrtx4090-c       costs 46.80 EUR, over the 1.00 budget
  hyperbolic-1xrtx4090-d       fits only with offload, which needs 192 GB of host RAM (the machine has 73 GB)
  hyperbolic-2xrtx4090-d       fits only with offload, which needs 192 GB of host RAM (the machine has 146 GB)
  hyperbolic-4xrtx4090-d       costs 49.09 EUR, over the 1.00 budget
  hyperbolic-1xrtx4090-e       fits only with offload, which needs 192 GB of host RAM (the machine has 146 GB)
  hyperbolic-2xrtx4090-e       costs 34.63 EUR, over the 1.00 budget
  hyperstack-1xh100-pcie       fits only with offload, which needs 192 GB of host RAM (the machine has 180 GB)
  hyperstack-2xh100-pcie       costs 150.47 EUR, over the 1.00 budget
  hyperstack-4xh100-pcie       costs 101.45 EUR, over the 1.00 budget
  hyperstack-8xh100-pcie       costs 116.03 EUR, over the 1.00 budget
  hyperstack-1xb300            costs 85.86 EUR, over the 1.00 budget
  lambda-1xa10                 costs 338.89 EUR, over the 1.00 budget
  lambda-1xa100-40             costs 286.26 EUR, over the 1.00 budget
  lambda-8xa100-40             costs 137.59 EUR, over the 1.00 budget
  lambda-8xa100-80             costs 179.63 EUR, over the 1.00 budget
  lambda-4xa6000               costs 213.12 EUR, over the 1.00 budget
  lambda-1xh100-pcie           costs 198.80 EUR, over the 1.00 budget
  lambda-1xh100                costs 212.70 EUR, over the 1.00 budget
  lambda-2xh100                costs 210.05 EUR, over the 1.00 budget
  lambda-4xh100                costs 103.43 EUR, over the 1.00 budget
  lambda-8xh100                costs 106.36 EUR, over the 1.00 budget
  lambda-1xb200                costs 255.17 EUR, over the 1.00 budget
  lambda-2xb200                costs 77.28 EUR, over the 1.00 budget
  lambda-4xb200                costs 78.78 EUR, over the 1.00 budget
  lambda-8xb200                costs 85.19 EUR, over the 1.00 budget
  lambda-1xgh200               costs 78.32 EUR, over the 1.00 budget
  lambda-8xv100                costs 228.92 EUR, over the 1.00 budget
  nebius-1xh100                costs 395.17 EUR, over the 1.00 budget
  nebius-8xh100                costs 109.96 EUR, over the 1.00 budget
  nebius-1xh200                costs 453.86 EUR, over the 1.00 budget
  nebius-8xh200                costs 128.53 EUR, over the 1.00 budget
  nebius-8xb200                costs 102.11 EUR, over the 1.00 budget
  nebius-1xl40s                costs 239.33 EUR, over the 1.00 budget
  nebius-8xrtx-pro-6000        costs 115.67 EUR, over the 1.00 budget
  nebius-1xb300                costs 91.08 EUR, over the 1.00 budget
  nebius-8xb300                costs 112.10 EUR, over the 1.00 budget
  oci-bm-gpu-gb200-4           costs 228.49 EUR, over the 1.00 budget
  oci-bm-gpu-b300-8            costs 214.21 EUR, over the 1.00 budget
  runpod-1xrtx3090             costs 78.37 EUR, over the 1.00 budget
  runpod-1xrtx4090             costs 73.91 EUR, over the 1.00 budget
  runpod-2xrtx4090             costs 77.67 EUR, over the 1.00 budget
  runpod-4xrtx4090             costs 78.47 EUR, over the 1.00 budget
  runpod-8xrtx4090             costs 80.75 EUR, over the 1.00 budget
  runpod-1xrtx4090-secure      costs 160.87 EUR, over the 1.00 budget
  runpod-1xrtx5090             costs 123.67 EUR, over the 1.00 budget
  runpod-1xa6000               costs 116.39 EUR, over the 1.00 budget
  runpod-2xa6000               costs 122.25 EUR, over the 1.00 budget
  runpod-4xa6000               costs 103.60 EUR, over the 1.00 budget
  runpod-8xa6000               costs 110.18 EUR, over the 1.00 budget
  runpod-1xa5000               costs 53.45 EUR, over the 1.00 budget
  runpod-2xa5000               costs 91.70 EUR, over the 1.00 budget
  runpod-4xa5000               costs 82.03 EUR, over the 1.00 budget
  runpod-1xrtx6000-ada         costs 111.20 EUR, over the 1.00 budget
  runpod-1xrtx-pro-6000        costs 239.30 EUR, over the 1.00 budget
  runpod-1xl4                  costs 178.83 EUR, over the 1.00 budget
  runpod-1xl40s                costs 121.72 EUR, over the 1.00 budget
  runpod-2xl40s                costs 143.34 EUR, over the 1.00 budget
  runpod-4xl40s                costs 143.32 EUR, over the 1.00 budget
  runpod-8xl40s                costs 95.09 EUR, over the 1.00 budget
  runpod-1xl40s-secure         costs 167.95 EUR, over the 1.00 budget
  runpod-1xa40                 costs 101.29 EUR, over the 1.00 budget
  runpod-1xa100-40             costs 143.84 EUR, over the 1.00 budget
  runpod-1xa100-80-pcie        costs 172.58 EUR, over the 1.00 budget
  runpod-1xa100-80-pcie-secure costs 259.60 EUR, over the 1.00 budget
  runpod-1xa100-80             costs 196.10 EUR, over the 1.00 budget
  runpod-2xa100-80             costs 197.10 EUR, over the 1.00 budget
  runpod-4xa100-80             costs 86.84 EUR, over the 1.00 budget
  runpod-8xa100-80             costs 89.34 EUR, over the 1.00 budget
  runpod-1xa100-80-secure      costs 252.53 EUR, over the 1.00 budget
  runpod-1xh100-pcie           costs 224.47 EUR, over the 1.00 budget
  runpod-1xh100                costs 274.26 EUR, over the 1.00 budget
  runpod-2xh100                costs 275.69 EUR, over the 1.00 budget
  runpod-4xh100                costs 67.93 EUR, over the 1.00 budget
  runpod-8xh100                costs 71.69 EUR, over the 1.00 budget
  runpod-8xh100-secure         costs 93.01 EUR, over the 1.00 budget
  runpod-1xh100-secure         costs 406.80 EUR, over the 1.00 budget
  runpod-1xh100-nvl            costs 274.43 EUR, over the 1.00 budget
  runpod-2xh100-nvl            costs 79.26 EUR, over the 1.00 budget
  runpod-1xh200                costs 360.15 EUR, over the 1.00 budget
  runpod-2xh200                costs 81.95 EUR, over the 1.00 budget
  runpod-4xh200                costs 84.45 EUR, over the 1.00 budget
  runpod-8xh200                costs 89.47 EUR, over the 1.00 budget
  runpod-1xh200-secure         costs 460.47 EUR, over the 1.00 budget
  runpod-1xh200-nvl            costs 398.27 EUR, over the 1.00 budget
  runpod-1xb200                costs 531.51 EUR, over the 1.00 budget
  runpod-2xb200                costs 67.00 EUR, over the 1.00 budget
  runpod-4xb200                costs 69.04 EUR, over the 1.00 budget
  runpod-8xb200                costs 75.93 EUR, over the 1.00 budget
  runpod-1xb200-secure         costs 603.50 EUR, over the 1.00 budget
  runpod-1xmi300x              costs 84.04 EUR, over the 1.00 budget
  runpod-1xl40                 costs 140.59 EUR, over the 1.00 budget
  runpod-2xl40                 costs 155.72 EUR, over the 1.00 budget
  runpod-4xl40                 costs 152.17 EUR, over the 1.00 budget
  runpod-8xl40                 costs 128.75 EUR, over the 1.00 budget
  runpod-1xl40-secure          costs 167.07 EUR, over the 1.00 budget
  runpod-1xv100-pcie-16        nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xv100-sxm2-16        nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa4000               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa4000-secure        nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa4500               only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-2xa4500               costs 74.12 EUR, over the 1.00 budget
  runpod-4xa4500               costs 71.44 EUR, over the 1.00 budget
  runpod-1xa4500-secure        only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xrtx5080             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xrtx4080             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xb300                costs 74.71 EUR, over the 1.00 budget
  runpod-1xb300-secure         costs 96.78 EUR, over the 1.00 budget
  vast-1xrtx3090-interruptible costs 64.12 EUR, over the 1.00 budget
  vast-1xrtx4090-interruptible costs 67.39 EUR, over the 1.00 budget
  vast-1xrtx4090               costs 97.82 EUR, over the 1.00 budget
  vast-2xrtx4090               costs 102.79 EUR, over the 1.00 budget
  vast-4xrtx4090               costs 103.86 EUR, over the 1.00 budget
  vast-8xrtx4090               costs 106.87 EUR, over the 1.00 budget
  vast-1xrtx5090               costs 155.04 EUR, over the 1.00 budget
  vast-1xa6000                 costs 120.79 EUR, over the 1.00 budget
  vast-1xl40s-spot             costs 62.20 EUR, over the 1.00 budget
  vast-1xa100-40-pcie-interruptible costs 58.93 EUR, over the 1.00 budget
  vast-1xa100-80-pcie          costs 113.12 EUR, over the 1.00 budget
  vast-1xa100-80               costs 160.83 EUR, over the 1.00 budget
  vast-1xa100-80-b             costs 239.83 EUR, over the 1.00 budget
  vast-1xh100                  costs 244.69 EUR, over the 1.00 budget
  vast-1xh100-nvl              costs 267.54 EUR, over the 1.00 budget
  vast-1xh200                  costs 351.12 EUR, over the 1.00 budget
  vast-1xb200                  costs 399.25 EUR, over the 1.00 budget
  vast-1xt4                    nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xl40                   fits only with offload, which needs 192 GB of host RAM (the machine has 126 GB)
  vast-1xa4000                 nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx5080               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx5070ti             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx4080               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx2080ti             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xv100-16               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  verda-1xa6000                costs 180.77 EUR, over the 1.00 budget
  verda-1xa6000-spot           costs 90.39 EUR, over the 1.00 budget
  verda-1xrtx6000-ada          costs 156.87 EUR, over the 1.00 budget
  verda-1xrtx-pro-6000         costs 239.54 EUR, over the 1.00 budget
  verda-8xa100-40              costs 92.11 EUR, over the 1.00 budget
  verda-1xh100                 costs 333.59 EUR, over the 1.00 budget
  verda-8xh100                 costs 92.82 EUR, over the 1.00 budget
  verda-1xh200                 costs 403.43 EUR, over the 1.00 budget
  verda-8xh200                 costs 114.24 EUR, over the 1.00 budget
  verda-1xb200                 costs 545.34 EUR, over the 1.00 budget
  verda-8xb200                 costs 87.25 EUR, over the 1.00 budget
  verda-1xv100                 nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  verda-2xv100                 fits only with offload, which needs 192 GB of host RAM (the machine has 45 GB)
  verda-4xv100                 fits only with offload, which needs 192 GB of host RAM (the machine has 90 GB)
  verda-8xv100                 fits only with offload, which needs 192 GB of host RAM (the machine has 180 GB)
  verda-1xb300                 costs 87.02 EUR, over the 1.00 budget
  verda-2xb300                 costs 93.72 EUR, over the 1.00 budget
  verda-4xb300                 costs 107.10 EUR, over the 1.00 budget
  verda-8xb300                 costs 107.10 EUR, over the 1.00 budget
  vramfarm-4xrtx4090           costs 152.57 EUR, over the 1.00 budget
  vramfarm-8xh100              costs 116.48 EUR, over the 1.00 budget
--- stderr
vfplan: no offer meets the constraints
