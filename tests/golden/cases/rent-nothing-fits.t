args: rent --model 8B --tokens 1e9 --budget 1EUR
rc: 3
--- stdout
0 offers can run it (227 left out); the time-cost front first, cheapest first, * = on the time-cost front

    offer                        GPUs                time        total  settings

Left out:
  tensorwave-1xmi300x          costs 34.81 EUR, over the 1.00 budget
  vultr-1xmi300x               costs 42.93 EUR, over the 1.00 budget
  tensorwave-1xmi325x          costs 40.03 EUR, over the 1.00 budget
  vultr-8xmi355x               costs 55.48 EUR, over the 1.00 budget
  vultr-8xmi325x               costs 71.40 EUR, over the 1.00 budget
  autodl-1xa800-80             costs 105.56 EUR, over the 1.00 budget
  autodl-1xh20-96              costs 206.41 EUR, over the 1.00 budget
  aws-g5-xlarge                only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  aws-g5-12xlarge              costs 692.33 EUR, over the 1.00 budget
  aws-g5-48xlarge              costs 1006.37 EUR, over the 1.00 budget
  aws-p6-b300-48xlarge         costs 208.15 EUR, over the 1.00 budget
  aws-p6-b200-48xlarge         costs 169.20 EUR, over the 1.00 budget
  aws-p5en-48xlarge            costs 183.83 EUR, over the 1.00 budget
  azure-nd40rs-v2              costs 629.26 EUR, over the 1.00 budget
  azure-nd96isr-h200-v5        costs 302.75 EUR, over the 1.00 budget
  azure-nd96isr-mi300x-v5      costs 214.21 EUR, over the 1.00 budget
  azure-nd96isr-mi300x-v5-spot costs 39.59 EUR, over the 1.00 budget
  clore-1xrtx4090              only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  clore-2xrtx4090              costs 27.17 EUR, over the 1.00 budget
  clore-2xrtx3090              costs 23.25 EUR, over the 1.00 budget
  clore-1xa100-40              costs 23.97 EUR, over the 1.00 budget
  clore-2xa100-40              costs 24.39 EUR, over the 1.00 budget
  clore-1xa100-80              costs 34.58 EUR, over the 1.00 budget
  clore-2xa100-80              costs 34.70 EUR, over the 1.00 budget
  coreweave-gb200-4x           costs 113.71 EUR, over the 1.00 budget
  coreweave-8xb200             costs 102.34 EUR, over the 1.00 budget
  coreweave-8xb200-spot        costs 50.74 EUR, over the 1.00 budget
  coreweave-8xb300-spot        costs 52.78 EUR, over the 1.00 budget
  coreweave-8xh200             costs 147.06 EUR, over the 1.00 budget
  coreweave-8xrtx-pro-6000-server costs 180.59 EUR, over the 1.00 budget
  crusoe-1xh200                costs 428.85 EUR, over the 1.00 budget
  crusoe-1xmi300x              costs 80.06 EUR, over the 1.00 budget
  digitalocean-1xmi300x        costs 46.18 EUR, over the 1.00 budget
  digitalocean-8xmi300x        costs 71.05 EUR, over the 1.00 budget
  digitalocean-1xmi325x        costs 75.62 EUR, over the 1.00 budget
  digitalocean-8xmi325x        costs 113.06 EUR, over the 1.00 budget
  digitalocean-8xmi355x-spot   costs 59.73 EUR, over the 1.00 budget
  digitalocean-8xmi350x-spot   costs 51.34 EUR, over the 1.00 budget
  gcp-8xh100                   costs 281.52 EUR, over the 1.00 budget
  gcp-a3-ultragpu-8g           costs 246.30 EUR, over the 1.00 budget
  gcp-a4-highgpu-8g-spot       costs 58.86 EUR, over the 1.00 budget
  hyperbolic-1xh100-a          costs 61.02 EUR, over the 1.00 budget
  hyperbolic-2xh100-a          costs 62.17 EUR, over the 1.00 budget
  hyperbolic-4xh100-a          costs 32.24 EUR, over the 1.00 budget
  hyperbolic-8xh100-a          costs 36.84 EUR, over the 1.00 budget
  hyperbolic-1xh100-b          costs 57.57 EUR, over the 1.00 budget
  hyperbolic-2xh100-b          costs 57.57 EUR, over the 1.00 budget
  hyperbolic-4xh100-b          costs 32.24 EUR, over the 1.00 budget
  hyperbolic-1xrtx4090-a       nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  hyperbolic-2xrtx4090-a       fits only with offload, which needs 192 GB of host RAM (the machine has 73 GB)
  hyperbolic-4xrtx4090-a       fits only with offload, which needs 192 GB of host RAM (the machine has 146 GB)
  hyperbolic-8xrtx4090-a       costs 78.54 EUR, over the 1.00 budget
  hyperbolic-1xrtx4090-b       nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  hyperbolic-2xrtx4090-b       fits only with offload, which needs 192 GB of host RAM (the machine has 97 GB)
  hyperbolic-4xrtx4090-b       costs 59.94 EUR, over the 1.00 budget
  hyperbolic-1xrtx4090-c       nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  hyperbolic-2xrtx4090-c       fits only with offload, which needs 192 GB of host RAM (the machine has 116 GB)
  hyperbolic-4xrtx4090-c       costs 58.30 EUR, over the 1.00 budget
  hyperbolic-1xrtx4090-d       nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  hyperbolic-2xrtx4090-d       fits only with offload, which needs 192 GB of host RAM (the machine has 146 GB)
  hyperbolic-4xrtx4090-d       costs 60.69 EUR, over the 1.00 budget
  hyperbolic-1xrtx4090-e       nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  hyperbolic-2xrtx4090-e       costs 43.20 EUR, over the 1.00 budget
  hyperstack-1xh100-pcie       fits only with offload, which needs 192 GB of host RAM (the machine has 180 GB)
  hyperstack-2xh100-pcie       costs 143.62 EUR, over the 1.00 budget
  hyperstack-4xh100-pcie       costs 98.03 EUR, over the 1.00 budget
  hyperstack-8xh100-pcie       costs 112.16 EUR, over the 1.00 budget
  hyperstack-1xb300            costs 79.26 EUR, over the 1.00 budget
  hyperstack-1xb200            costs 530.61 EUR, over the 1.00 budget
  hyperstack-1xh200            costs 396.48 EUR, over the 1.00 budget
  lambda-1xa10                 only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  lambda-1xa100-40             costs 280.63 EUR, over the 1.00 budget
  lambda-8xa100-40             costs 168.14 EUR, over the 1.00 budget
  lambda-8xa100-80             costs 171.99 EUR, over the 1.00 budget
  lambda-4xa6000               costs 207.09 EUR, over the 1.00 budget
  lambda-1xh100-pcie           costs 194.00 EUR, over the 1.00 budget
  lambda-1xh100                costs 208.36 EUR, over the 1.00 budget
  lambda-2xh100                costs 205.06 EUR, over the 1.00 budget
  lambda-4xh100                costs 99.29 EUR, over the 1.00 budget
  lambda-8xh100                costs 102.56 EUR, over the 1.00 budget
  lambda-1xb200                costs 252.05 EUR, over the 1.00 budget
  lambda-2xb200                costs 74.21 EUR, over the 1.00 budget
  lambda-4xb200                costs 76.76 EUR, over the 1.00 budget
  lambda-8xb200                costs 79.61 EUR, over the 1.00 budget
  lambda-1xgh200               costs 72.42 EUR, over the 1.00 budget
  lambda-8xv100                costs 225.63 EUR, over the 1.00 budget
  nebius-1xh100                costs 391.74 EUR, over the 1.00 budget
  nebius-8xh100                costs 109.96 EUR, over the 1.00 budget
  nebius-1xh200                costs 449.84 EUR, over the 1.00 budget
  nebius-8xh200                costs 128.53 EUR, over the 1.00 budget
  nebius-8xb200                costs 102.11 EUR, over the 1.00 budget
  nebius-1xl40s                costs 235.18 EUR, over the 1.00 budget
  nebius-8xrtx-pro-6000        costs 128.53 EUR, over the 1.00 budget
  nebius-1xb300                costs 84.08 EUR, over the 1.00 budget
  nebius-8xb300                costs 112.10 EUR, over the 1.00 budget
  nebius-1xrtx-pro-6000-server costs 141.38 EUR, over the 1.00 budget
  nodexo-1xrtx4070ti           nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  nodexo-1xrtx4070ti-super     nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  oci-bm-gpu-gb200-4           costs 228.49 EUR, over the 1.00 budget
  oci-bm-gpu-b300-8            costs 214.21 EUR, over the 1.00 budget
  oci-bm-gpu-b200-8            costs 199.93 EUR, over the 1.00 budget
  oci-bm-gpu-h200-8            costs 285.61 EUR, over the 1.00 budget
  oci-bm-gpu-mi300x-8          costs 214.21 EUR, over the 1.00 budget
  oci-bm-gpu-mi355x-8          costs 184.22 EUR, over the 1.00 budget
  oci-bm-gpu-gb300-4           costs 192.79 EUR, over the 1.00 budget
  runpod-1xrtx3090             only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xrtx4090             only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-2xrtx4090             costs 92.38 EUR, over the 1.00 budget
  runpod-4xrtx4090             costs 94.76 EUR, over the 1.00 budget
  runpod-8xrtx4090             costs 104.77 EUR, over the 1.00 budget
  runpod-1xrtx4090-secure      only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xrtx5090             costs 120.72 EUR, over the 1.00 budget
  runpod-1xa6000               costs 113.08 EUR, over the 1.00 budget
  runpod-2xa6000               costs 114.67 EUR, over the 1.00 budget
  runpod-4xa6000               costs 117.86 EUR, over the 1.00 budget
  runpod-8xa6000               costs 100.22 EUR, over the 1.00 budget
  runpod-1xa5000               only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-2xa5000               costs 92.99 EUR, over the 1.00 budget
  runpod-4xa5000               costs 91.60 EUR, over the 1.00 budget
  runpod-1xrtx6000-ada         costs 108.96 EUR, over the 1.00 budget
  runpod-1xrtx-pro-6000        costs 235.37 EUR, over the 1.00 budget
  runpod-1xl4                  only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xl40s                costs 119.20 EUR, over the 1.00 budget
  runpod-2xl40s                costs 121.58 EUR, over the 1.00 budget
  runpod-4xl40s                costs 127.19 EUR, over the 1.00 budget
  runpod-8xl40s                costs 83.46 EUR, over the 1.00 budget
  runpod-1xl40s-secure         costs 164.47 EUR, over the 1.00 budget
  runpod-1xa40                 costs 94.31 EUR, over the 1.00 budget
  runpod-1xa100-40             costs 141.01 EUR, over the 1.00 budget
  runpod-1xa100-80-pcie        costs 169.15 EUR, over the 1.00 budget
  runpod-1xa100-80-pcie-secure costs 254.43 EUR, over the 1.00 budget
  runpod-1xa100-80             costs 192.29 EUR, over the 1.00 budget
  runpod-2xa100-80             costs 192.91 EUR, over the 1.00 budget
  runpod-4xa100-80             costs 83.04 EUR, over the 1.00 budget
  runpod-8xa100-80             costs 85.53 EUR, over the 1.00 budget
  runpod-1xa100-80-secure      costs 247.63 EUR, over the 1.00 budget
  runpod-1xh100-pcie           costs 221.56 EUR, over the 1.00 budget
  runpod-1xh100                costs 271.54 EUR, over the 1.00 budget
  runpod-2xh100                costs 272.48 EUR, over the 1.00 budget
  runpod-4xh100                costs 65.22 EUR, over the 1.00 budget
  runpod-8xh100                costs 68.98 EUR, over the 1.00 budget
  runpod-8xh100-secure         costs 89.49 EUR, over the 1.00 budget
  runpod-1xh100-secure         costs 402.77 EUR, over the 1.00 budget
  runpod-1xh100-nvl            costs 271.30 EUR, over the 1.00 budget
  runpod-2xh100-nvl            costs 272.47 EUR, over the 1.00 budget
  runpod-1xh200                costs 356.72 EUR, over the 1.00 budget
  runpod-2xh200                costs 78.52 EUR, over the 1.00 budget
  runpod-4xh200                costs 81.02 EUR, over the 1.00 budget
  runpod-8xh200                costs 83.41 EUR, over the 1.00 budget
  runpod-1xh200-secure         costs 456.09 EUR, over the 1.00 budget
  runpod-1xh200-nvl            costs 393.81 EUR, over the 1.00 budget
  runpod-1xb200                costs 528.81 EUR, over the 1.00 budget
  runpod-2xb200                costs 64.30 EUR, over the 1.00 budget
  runpod-4xb200                costs 67.28 EUR, over the 1.00 budget
  runpod-8xb200                costs 71.05 EUR, over the 1.00 budget
  runpod-1xb200-secure         costs 600.44 EUR, over the 1.00 budget
  runpod-1xmi300x              costs 80.57 EUR, over the 1.00 budget
  runpod-1xl40                 costs 123.11 EUR, over the 1.00 budget
  runpod-2xl40                 costs 125.19 EUR, over the 1.00 budget
  runpod-4xl40                 costs 129.33 EUR, over the 1.00 budget
  runpod-8xl40                 costs 98.23 EUR, over the 1.00 budget
  runpod-1xl40-secure          costs 146.31 EUR, over the 1.00 budget
  runpod-1xv100-pcie-16        nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xv100-sxm2-16        nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa4000               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa4000-secure        nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa4500               only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-2xa4500               costs 73.60 EUR, over the 1.00 budget
  runpod-4xa4500               costs 75.72 EUR, over the 1.00 budget
  runpod-1xa4500-secure        only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xrtx5080             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xrtx4080             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xb300                costs 71.59 EUR, over the 1.00 budget
  runpod-1xb300-secure         costs 92.74 EUR, over the 1.00 budget
  runpod-3xrtx-pro-6000-server 3 GPUs (data-parallel 3) do not divide the global batch of 32
  runpod-1xrtx4070ti           nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  spheron-gb200-superchip      costs 48.63 EUR, over the 1.00 budget
  vast-1xrtx3090-interruptible only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  vast-1xrtx4090-interruptible only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  vast-1xrtx4090               only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  vast-2xrtx4090               costs 122.26 EUR, over the 1.00 budget
  vast-4xrtx4090               costs 125.42 EUR, over the 1.00 budget
  vast-8xrtx4090               costs 138.66 EUR, over the 1.00 budget
  vast-1xrtx5090               costs 151.34 EUR, over the 1.00 budget
  vast-1xa6000                 costs 117.35 EUR, over the 1.00 budget
  vast-1xl40s-spot             costs 60.91 EUR, over the 1.00 budget
  vast-1xa100-40-pcie-interruptible costs 57.74 EUR, over the 1.00 budget
  vast-1xa100-80-pcie          costs 110.87 EUR, over the 1.00 budget
  vast-1xa100-80               costs 157.71 EUR, over the 1.00 budget
  vast-1xa100-80-b             costs 235.18 EUR, over the 1.00 budget
  vast-1xh100                  costs 242.27 EUR, over the 1.00 budget
  vast-1xh100-nvl              costs 264.49 EUR, over the 1.00 budget
  vast-1xh200                  costs 347.78 EUR, over the 1.00 budget
  vast-1xb200                  costs 397.23 EUR, over the 1.00 budget
  vast-1xt4                    nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xl40                   fits only with offload, which needs 192 GB of host RAM (the machine has 126 GB)
  vast-1xa4000                 nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx5080               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx5070ti             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx4080               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx2080ti             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xv100-16               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx4070ti             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx4070ti-super       nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx5060ti             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xgtx1080ti             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  verda-1xa6000                costs 175.65 EUR, over the 1.00 budget
  verda-1xa6000-spot           costs 87.83 EUR, over the 1.00 budget
  verda-1xrtx6000-ada          costs 153.16 EUR, over the 1.00 budget
  verda-1xrtx-pro-6000         costs 236.17 EUR, over the 1.00 budget
  verda-8xa100-40              costs 110.53 EUR, over the 1.00 budget
  verda-1xh100                 costs 330.69 EUR, over the 1.00 budget
  verda-8xh100                 costs 92.82 EUR, over the 1.00 budget
  verda-1xh200                 costs 399.86 EUR, over the 1.00 budget
  verda-8xh200                 costs 114.24 EUR, over the 1.00 budget
  verda-1xb200                 costs 545.34 EUR, over the 1.00 budget
  verda-8xb200                 costs 87.25 EUR, over the 1.00 budget
  verda-1xv100                 nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  verda-2xv100                 fits only with offload, which needs 216 GB of host RAM (the machine has 45 GB)
  verda-4xv100                 fits only with offload, which needs 192 GB of host RAM (the machine has 90 GB)
  verda-8xv100                 fits only with offload, which needs 192 GB of host RAM (the machine has 180 GB)
  verda-1xb300                 costs 80.33 EUR, over the 1.00 budget
  verda-2xb300                 costs 80.33 EUR, over the 1.00 budget
  verda-4xb300                 costs 107.10 EUR, over the 1.00 budget
  verda-8xb300                 costs 107.10 EUR, over the 1.00 budget
  vramfarm-4xrtx4090           costs 184.28 EUR, over the 1.00 budget
  vramfarm-8xh100              costs 112.32 EUR, over the 1.00 budget
--- stderr
vfplan: no offer meets the constraints
