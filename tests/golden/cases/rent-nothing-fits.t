args: rent --model 8B --tokens 1e9 --budget 1EUR
rc: 3
--- stdout
0 offers can run it (140 left out); cheapest first, * = on the time-cost front

   offer                        GPUs                time        total  settings

Left out:
  tensorwave-1xmi300x          costs 36.15 EUR, over the 1.00 budget
  vultr-1xmi300x               costs 44.58 EUR, over the 1.00 budget
  clore-1xrtx4090              costs 25.27 EUR, over the 1.00 budget
  clore-2xrtx4090              costs 26.38 EUR, over the 1.00 budget
  clore-2xrtx3090              costs 27.73 EUR, over the 1.00 budget
  clore-1xa100-40              costs 24.38 EUR, over the 1.00 budget
  clore-2xa100-40              costs 24.79 EUR, over the 1.00 budget
  clore-1xa100-80              costs 35.16 EUR, over the 1.00 budget
  clore-2xa100-80              costs 35.34 EUR, over the 1.00 budget
  gcp-8xh100                   costs 285.96 EUR, over the 1.00 budget
  hyperbolic-1xh100-a          costs 62.17 EUR, over the 1.00 budget
  hyperbolic-2xh100-a          costs 62.17 EUR, over the 1.00 budget
  hyperbolic-4xh100-a          costs 32.24 EUR, over the 1.00 budget
  hyperbolic-8xh100-a          costs 36.84 EUR, over the 1.00 budget
  hyperbolic-1xh100-b          costs 57.57 EUR, over the 1.00 budget
  hyperbolic-2xh100-b          costs 59.87 EUR, over the 1.00 budget
  hyperbolic-4xh100-b          costs 32.24 EUR, over the 1.00 budget
  hyperbolic-1xrtx4090-a       fits only with offload, which needs 192 GB of host RAM (the machine has 36 GB)
  hyperbolic-2xrtx4090-a       fits only with offload, which needs 192 GB of host RAM (the machine has 73 GB)
  hyperbolic-4xrtx4090-a       fits only with offload, which needs 192 GB of host RAM (the machine has 146 GB)
  hyperbolic-8xrtx4090-a       costs 69.62 EUR, over the 1.00 budget
  hyperbolic-1xrtx4090-b       fits only with offload, which needs 192 GB of host RAM (the machine has 48 GB)
  hyperbolic-2xrtx4090-b       fits only with offload, which needs 192 GB of host RAM (the machine has 97 GB)
  hyperbolic-4xrtx4090-b       costs 58.30 EUR, over the 1.00 budget
  hyperbolic-1xrtx4090-c       fits only with offload, which needs 192 GB of host RAM (the machine has 58 GB)
  hyperbolic-2xrtx4090-c       fits only with offload, which needs 192 GB of host RAM (the machine has 116 GB)
  hyperbolic-4xrtx4090-c       costs 55.02 EUR, over the 1.00 budget
  hyperbolic-1xrtx4090-d       fits only with offload, which needs 192 GB of host RAM (the machine has 73 GB)
  hyperbolic-2xrtx4090-d       fits only with offload, which needs 192 GB of host RAM (the machine has 146 GB)
  hyperbolic-4xrtx4090-d       costs 57.12 EUR, over the 1.00 budget
  hyperbolic-1xrtx4090-e       fits only with offload, which needs 192 GB of host RAM (the machine has 146 GB)
  hyperbolic-2xrtx4090-e       costs 41.41 EUR, over the 1.00 budget
  hyperstack-1xh100-pcie       fits only with offload, which needs 192 GB of host RAM (the machine has 180 GB)
  hyperstack-2xh100-pcie       costs 148.53 EUR, over the 1.00 budget
  hyperstack-4xh100-pcie       costs 99.52 EUR, over the 1.00 budget
  hyperstack-8xh100-pcie       costs 113.95 EUR, over the 1.00 budget
  lambda-1xa10                 costs 336.97 EUR, over the 1.00 budget
  lambda-1xa100-40             costs 285.37 EUR, over the 1.00 budget
  lambda-8xa100-40             costs 136.65 EUR, over the 1.00 budget
  lambda-8xa100-80             costs 178.30 EUR, over the 1.00 budget
  lambda-4xa6000               costs 217.73 EUR, over the 1.00 budget
  lambda-1xh100-pcie           costs 196.20 EUR, over the 1.00 budget
  lambda-1xh100                costs 210.08 EUR, over the 1.00 budget
  lambda-2xh100                costs 207.43 EUR, over the 1.00 budget
  lambda-4xh100                costs 101.00 EUR, over the 1.00 budget
  lambda-8xh100                costs 103.99 EUR, over the 1.00 budget
  lambda-1xb200                costs 253.30 EUR, over the 1.00 budget
  lambda-2xb200                costs 75.43 EUR, over the 1.00 budget
  lambda-4xb200                costs 76.76 EUR, over the 1.00 budget
  lambda-8xb200                costs 83.60 EUR, over the 1.00 budget
  lambda-1xgh200               costs 76.92 EUR, over the 1.00 budget
  nebius-1xh100                costs 391.74 EUR, over the 1.00 budget
  nebius-8xh100                costs 109.96 EUR, over the 1.00 budget
  nebius-1xh200                costs 449.84 EUR, over the 1.00 budget
  nebius-8xh200                costs 128.53 EUR, over the 1.00 budget
  nebius-8xb200                costs 102.11 EUR, over the 1.00 budget
  nebius-1xl40s                costs 236.57 EUR, over the 1.00 budget
  nebius-8xrtx-pro-6000        costs 115.67 EUR, over the 1.00 budget
  runpod-1xrtx3090             costs 99.26 EUR, over the 1.00 budget
  runpod-1xrtx4090             costs 85.93 EUR, over the 1.00 budget
  runpod-2xrtx4090             costs 89.69 EUR, over the 1.00 budget
  runpod-4xrtx4090             costs 90.50 EUR, over the 1.00 budget
  runpod-8xrtx4090             costs 92.77 EUR, over the 1.00 budget
  runpod-1xrtx4090-secure      costs 187.03 EUR, over the 1.00 budget
  runpod-1xrtx5090             costs 145.39 EUR, over the 1.00 budget
  runpod-1xa6000               costs 118.08 EUR, over the 1.00 budget
  runpod-2xa6000               costs 123.93 EUR, over the 1.00 budget
  runpod-4xa6000               costs 105.85 EUR, over the 1.00 budget
  runpod-8xa6000               costs 112.43 EUR, over the 1.00 budget
  runpod-1xa5000               costs 53.18 EUR, over the 1.00 budget
  runpod-2xa5000               costs 91.25 EUR, over the 1.00 budget
  runpod-4xa5000               costs 81.69 EUR, over the 1.00 budget
  runpod-1xrtx6000-ada         costs 110.92 EUR, over the 1.00 budget
  runpod-1xrtx-pro-6000        costs 237.06 EUR, over the 1.00 budget
  runpod-1xl4                  costs 178.08 EUR, over the 1.00 budget
  runpod-1xl40s                costs 120.32 EUR, over the 1.00 budget
  runpod-2xl40s                costs 141.46 EUR, over the 1.00 budget
  runpod-4xl40s                costs 142.77 EUR, over the 1.00 budget
  runpod-8xl40s                costs 93.21 EUR, over the 1.00 budget
  runpod-1xl40s-secure         costs 166.00 EUR, over the 1.00 budget
  runpod-1xa40                 costs 100.88 EUR, over the 1.00 budget
  runpod-1xa100-40             costs 143.40 EUR, over the 1.00 budget
  runpod-1xa100-80-pcie        costs 172.05 EUR, over the 1.00 budget
  runpod-1xa100-80-pcie-secure costs 258.80 EUR, over the 1.00 budget
  runpod-1xa100-80             costs 195.48 EUR, over the 1.00 budget
  runpod-2xa100-80             costs 196.48 EUR, over the 1.00 budget
  runpod-4xa100-80             costs 86.23 EUR, over the 1.00 budget
  runpod-8xa100-80             costs 88.72 EUR, over the 1.00 budget
  runpod-1xa100-80-secure      costs 251.73 EUR, over the 1.00 budget
  runpod-1xh100-pcie           costs 222.89 EUR, over the 1.00 budget
  runpod-1xh100                costs 272.63 EUR, over the 1.00 budget
  runpod-2xh100                costs 274.06 EUR, over the 1.00 budget
  runpod-4xh100                costs 66.31 EUR, over the 1.00 budget
  runpod-8xh100                costs 70.06 EUR, over the 1.00 budget
  runpod-8xh100-secure         costs 90.90 EUR, over the 1.00 budget
  runpod-1xh100-secure         costs 404.39 EUR, over the 1.00 budget
  runpod-1xh100-nvl            costs 272.57 EUR, over the 1.00 budget
  runpod-2xh100-nvl            costs 77.40 EUR, over the 1.00 budget
  runpod-1xh200                costs 357.98 EUR, over the 1.00 budget
  runpod-2xh200                costs 79.78 EUR, over the 1.00 budget
  runpod-4xh200                costs 82.28 EUR, over the 1.00 budget
  runpod-8xh200                costs 87.30 EUR, over the 1.00 budget
  runpod-1xh200-secure         costs 457.70 EUR, over the 1.00 budget
  runpod-1xh200-nvl            costs 395.56 EUR, over the 1.00 budget
  runpod-1xb200                costs 529.92 EUR, over the 1.00 budget
  runpod-2xb200                costs 65.41 EUR, over the 1.00 budget
  runpod-4xb200                costs 67.45 EUR, over the 1.00 budget
  runpod-8xb200                costs 74.34 EUR, over the 1.00 budget
  runpod-1xb200-secure         costs 601.70 EUR, over the 1.00 budget
  runpod-1xmi300x              costs 83.67 EUR, over the 1.00 budget
  vast-1xrtx3090-interruptible costs 81.21 EUR, over the 1.00 budget
  vast-1xrtx4090-interruptible costs 78.35 EUR, over the 1.00 budget
  vast-1xrtx4090               costs 113.73 EUR, over the 1.00 budget
  vast-2xrtx4090               costs 118.70 EUR, over the 1.00 budget
  vast-4xrtx4090               costs 119.77 EUR, over the 1.00 budget
  vast-8xrtx4090               costs 122.78 EUR, over the 1.00 budget
  vast-1xrtx5090               costs 182.26 EUR, over the 1.00 budget
  vast-1xa6000                 costs 122.54 EUR, over the 1.00 budget
  vast-1xl40s-spot             costs 61.48 EUR, over the 1.00 budget
  vast-1xa100-40-pcie-interruptible costs 58.75 EUR, over the 1.00 budget
  vast-1xa100-80-pcie          costs 112.77 EUR, over the 1.00 budget
  vast-1xa100-80               costs 160.32 EUR, over the 1.00 budget
  vast-1xa100-80-b             costs 239.07 EUR, over the 1.00 budget
  vast-1xh100                  costs 243.24 EUR, over the 1.00 budget
  vast-1xh100-nvl              costs 265.73 EUR, over the 1.00 budget
  vast-1xh200                  costs 349.01 EUR, over the 1.00 budget
  vast-1xb200                  costs 398.06 EUR, over the 1.00 budget
  verda-1xa6000                costs 182.97 EUR, over the 1.00 budget
  verda-1xa6000-spot           costs 91.49 EUR, over the 1.00 budget
  verda-1xrtx6000-ada          costs 155.94 EUR, over the 1.00 budget
  verda-1xrtx-pro-6000         costs 237.85 EUR, over the 1.00 budget
  verda-8xa100-40              costs 92.11 EUR, over the 1.00 budget
  verda-1xh100                 costs 330.69 EUR, over the 1.00 budget
  verda-8xh100                 costs 92.82 EUR, over the 1.00 budget
  verda-1xh200                 costs 399.86 EUR, over the 1.00 budget
  verda-8xh200                 costs 114.24 EUR, over the 1.00 budget
  verda-1xb200                 costs 545.34 EUR, over the 1.00 budget
  verda-8xb200                 costs 87.25 EUR, over the 1.00 budget
  vramfarm-4xrtx4090           costs 175.98 EUR, over the 1.00 budget
  vramfarm-8xh100              costs 113.88 EUR, over the 1.00 budget
--- stderr
vfplan: no offer meets the constraints
