args: rent --model 70B --tokens 5e9 --top 5 --deadline 14d
rc: 0
--- stdout
17 offers can run it (210 left out); cheapest first, * = on the time-cost front

    offer                        GPUs                time        total  settings
* 1 ~coreweave-8xb300-spot        8xB300             2.6 d  2000.35 EUR  zero3, micro-batch 1 x 4 accumulation, no checkpointing: 225.6 of 287.3 GB per GPU (272.9 with its error band)
  2 ~digitalocean-8xmi350x-spot   8xMI350X           6.0 d  2516.04 EUR  zero3, micro-batch 4 x 1 accumulation, full checkpointing: 190.4 of 308.1 GB per GPU (230.3 with its error band)
  3  vultr-8xmi325x               8xMI325X           7.5 d  2584.79 EUR  zero3, micro-batch 4 x 1 accumulation, full checkpointing: 190.4 of 273.8 GB per GPU (230.3 with its error band)
  4  vultr-8xmi355x               8xMI355X           6.0 d  2644.56 EUR  zero3, micro-batch 4 x 1 accumulation, full checkpointing: 190.4 of 308.1 GB per GPU (230.3 with its error band)
  5  hyperbolic-8xh100-a          8xH100-SXM        13.0 d  2873.83 EUR  zero3+offload optimizer, micro-batch 4 x 1 accumulation, full checkpointing: 55.4 of 84.4 GB per GPU (67.0 with its error band)

~ = interruptible (spot, bid): the provider may stop it; --interruptible no leaves them out.

Prices in other currencies converted at the dated rates 'vfplan currencies' lists (e.g. USD to EUR at 0.8925, 2026-10-05).

Left out:
  tensorwave-1xmi300x          takes 5193.0 h, past the 336.0 h deadline
  vultr-1xmi300x               takes 5193.0 h, past the 336.0 h deadline
  tensorwave-1xmi325x          takes 4705.0 h, past the 336.0 h deadline
  autodl-1xa800-80             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  autodl-1xh20-96              nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  aws-g5-xlarge                nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  aws-g5-12xlarge              takes 6527.1 h, past the 336.0 h deadline
  aws-g5-48xlarge              takes 3486.9 h, past the 336.0 h deadline
  aws-p6-b200-48xlarge         takes 540.9 h, past the 336.0 h deadline
  aws-p5en-48xlarge            takes 609.6 h, past the 336.0 h deadline
  azure-nd40rs-v2              takes 1862.0 h, past the 336.0 h deadline
  azure-nd96isr-h200-v5        takes 610.0 h, past the 336.0 h deadline
  azure-nd96isr-mi300x-v5      takes 678.0 h, past the 336.0 h deadline
  azure-nd96isr-mi300x-v5-spot takes 678.0 h, past the 336.0 h deadline
  clore-1xrtx4090              nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  clore-2xrtx4090              rentals end after 3000 h; the job needs 11054 h with a 10 % margin
  clore-2xrtx3090              rentals end after 3000 h; the job needs 11986 h with a 10 % margin
  clore-1xa100-40              nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  clore-2xa100-40              rentals end after 3000 h; the job needs 5176 h with a 10 % margin
  clore-1xa100-80              nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  clore-2xa100-80              rentals end after 3000 h; the job needs 4322 h with a 10 % margin
  coreweave-gb200-4x           fits only with offload, which needs 1680 GB of host RAM (the machine has 960 GB)
  coreweave-8xh200             takes 609.6 h, past the 336.0 h deadline
  coreweave-8xrtx-pro-6000-server takes 894.5 h, past the 336.0 h deadline
  crusoe-1xh200                only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  crusoe-1xmi300x              takes 5193.0 h, past the 336.0 h deadline
  digitalocean-1xmi300x        takes 5193.0 h, past the 336.0 h deadline
  digitalocean-8xmi300x        takes 678.0 h, past the 336.0 h deadline
  digitalocean-1xmi325x        takes 4704.8 h, past the 336.0 h deadline
  gcp-a3-ultragpu-8g           takes 609.6 h, past the 336.0 h deadline
  gcp-a4-highgpu-8g-spot       takes 540.9 h, past the 336.0 h deadline
  hyperbolic-1xh100-a          nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  hyperbolic-2xh100-a          fits only with offload, which needs 1890 GB of host RAM (the machine has 581 GB)
  hyperbolic-4xh100-a          fits only with offload, which needs 1680 GB of host RAM (the machine has 1163 GB)
  hyperbolic-1xh100-b          nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  hyperbolic-2xh100-b          fits only with offload, which needs 1890 GB of host RAM (the machine has 665 GB)
  hyperbolic-4xh100-b          fits only with offload, which needs 1680 GB of host RAM (the machine has 1328 GB)
  hyperbolic-1xrtx4090-a       nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  hyperbolic-2xrtx4090-a       fits only with offload, which needs 1890 GB of host RAM (the machine has 73 GB)
  hyperbolic-4xrtx4090-a       fits only with offload, which needs 1890 GB of host RAM (the machine has 146 GB)
  hyperbolic-8xrtx4090-a       fits only with offload, which needs 1890 GB of host RAM (the machine has 291 GB)
  hyperbolic-1xrtx4090-b       nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  hyperbolic-2xrtx4090-b       fits only with offload, which needs 1890 GB of host RAM (the machine has 97 GB)
  hyperbolic-4xrtx4090-b       fits only with offload, which needs 1890 GB of host RAM (the machine has 194 GB)
  hyperbolic-1xrtx4090-c       nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  hyperbolic-2xrtx4090-c       fits only with offload, which needs 1890 GB of host RAM (the machine has 116 GB)
  hyperbolic-4xrtx4090-c       fits only with offload, which needs 1890 GB of host RAM (the machine has 233 GB)
  hyperbolic-1xrtx4090-d       nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  hyperbolic-2xrtx4090-d       fits only with offload, which needs 1890 GB of host RAM (the machine has 146 GB)
  hyperbolic-4xrtx4090-d       fits only with offload, which needs 1890 GB of host RAM (the machine has 291 GB)
  hyperbolic-1xrtx4090-e       nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  hyperbolic-2xrtx4090-e       fits only with offload, which needs 1890 GB of host RAM (the machine has 291 GB)
  hyperstack-1xh100-pcie       nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  hyperstack-2xh100-pcie       fits only with offload, which needs 1890 GB of host RAM (the machine has 360 GB)
  hyperstack-4xh100-pcie       fits only with offload, which needs 1680 GB of host RAM (the machine has 720 GB)
  hyperstack-8xh100-pcie       fits only with offload, which needs 1680 GB of host RAM (the machine has 1440 GB)
  hyperstack-1xb300            takes 4254.0 h, past the 336.0 h deadline
  hyperstack-1xb200            takes 4405.4 h, past the 336.0 h deadline
  hyperstack-1xh200            only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  lambda-1xa10                 nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  lambda-1xa100-40             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  lambda-8xa100-40             takes 734.3 h, past the 336.0 h deadline
  lambda-8xa100-80             takes 588.0 h, past the 336.0 h deadline
  lambda-4xa6000               fits only with offload, which needs 1890 GB of host RAM (the machine has 430 GB)
  lambda-1xh100-pcie           nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  lambda-1xh100                nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  lambda-2xh100                fits only with offload, which needs 1890 GB of host RAM (the machine has 483 GB)
  lambda-4xh100                fits only with offload, which needs 1680 GB of host RAM (the machine has 966 GB)
  lambda-1xb200                fits only with offload, which needs 1680 GB of host RAM (the machine has 386 GB)
  lambda-2xb200                fits only with offload, which needs 1680 GB of host RAM (the machine has 773 GB)
  lambda-4xb200                fits only with offload, which needs 1680 GB of host RAM (the machine has 1546 GB)
  lambda-1xgh200               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  lambda-8xv100                nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  nebius-1xh100                nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  nebius-8xh100                takes 643.0 h, past the 336.0 h deadline
  nebius-1xh200                only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  nebius-8xh200                takes 610.0 h, past the 336.0 h deadline
  nebius-8xb200                takes 541.0 h, past the 336.0 h deadline
  nebius-1xl40s                nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  nebius-8xrtx-pro-6000        takes 867.0 h, past the 336.0 h deadline
  nebius-1xb300                fits only with offload, which needs 1680 GB of host RAM (the machine has 346 GB)
  nebius-1xrtx-pro-6000-server nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  nodexo-1xrtx4070ti           nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  nodexo-1xrtx4070ti-super     nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  oci-bm-gpu-gb200-4           takes 1075.0 h, past the 336.0 h deadline
  oci-bm-gpu-b200-8            takes 541.0 h, past the 336.0 h deadline
  oci-bm-gpu-h200-8            takes 610.0 h, past the 336.0 h deadline
  oci-bm-gpu-mi300x-8          takes 678.0 h, past the 336.0 h deadline
  oci-bm-gpu-gb300-4           takes 1062.0 h, past the 336.0 h deadline
  runpod-1xrtx3090             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xrtx4090             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-2xrtx4090             takes 10048.8 h, past the 336.0 h deadline
  runpod-4xrtx4090             takes 5966.4 h, past the 336.0 h deadline
  runpod-8xrtx4090             takes 3218.8 h, past the 336.0 h deadline
  runpod-1xrtx4090-secure      nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xrtx5090             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa6000               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-2xa6000               takes 6487.5 h, past the 336.0 h deadline
  runpod-4xa6000               takes 3159.5 h, past the 336.0 h deadline
  runpod-8xa6000               takes 1558.7 h, past the 336.0 h deadline
  runpod-1xa5000               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-2xa5000               takes 9850.4 h, past the 336.0 h deadline
  runpod-4xa5000               takes 4587.8 h, past the 336.0 h deadline
  runpod-1xrtx6000-ada         nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xrtx-pro-6000        nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xl4                  nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xl40s                nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-2xl40s                takes 4539.1 h, past the 336.0 h deadline
  runpod-4xl40s                takes 2185.3 h, past the 336.0 h deadline
  runpod-8xl40s                takes 1071.6 h, past the 336.0 h deadline
  runpod-1xl40s-secure         nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa40                 nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa100-40             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa100-80-pcie        nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa100-80-pcie-secure nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa100-80             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-2xa100-80             takes 3929.1 h, past the 336.0 h deadline
  runpod-4xa100-80             takes 1864.4 h, past the 336.0 h deadline
  runpod-8xa100-80             takes 927.9 h, past the 336.0 h deadline
  runpod-1xa100-80-secure      nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xh100-pcie           nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xh100                nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-2xh100                takes 2676.8 h, past the 336.0 h deadline
  runpod-4xh100                takes 1291.3 h, past the 336.0 h deadline
  runpod-8xh100                takes 642.8 h, past the 336.0 h deadline
  runpod-8xh100-secure         takes 642.8 h, past the 336.0 h deadline
  runpod-1xh100-secure         nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xh100-nvl            nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-2xh100-nvl            takes 2808.9 h, past the 336.0 h deadline
  runpod-1xh200                only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-2xh200                takes 2534.8 h, past the 336.0 h deadline
  runpod-4xh200                takes 1214.3 h, past the 336.0 h deadline
  runpod-8xh200                takes 609.6 h, past the 336.0 h deadline
  runpod-1xh200-secure         only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xh200-nvl            only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xb200                takes 4405.4 h, past the 336.0 h deadline
  runpod-2xb200                takes 2149.1 h, past the 336.0 h deadline
  runpod-4xb200                takes 1079.3 h, past the 336.0 h deadline
  runpod-8xb200                takes 540.9 h, past the 336.0 h deadline
  runpod-1xb200-secure         takes 4405.4 h, past the 336.0 h deadline
  runpod-1xmi300x              takes 5192.4 h, past the 336.0 h deadline
  runpod-1xl40                 nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-2xl40                 takes 5399.1 h, past the 336.0 h deadline
  runpod-4xl40                 takes 2615.3 h, past the 336.0 h deadline
  runpod-8xl40                 takes 1286.6 h, past the 336.0 h deadline
  runpod-1xl40-secure          nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xv100-pcie-16        nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xv100-sxm2-16        nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa4000               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa4000-secure        nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa4500               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-2xa4500               takes 10813.5 h, past the 336.0 h deadline
  runpod-4xa4500               takes 5069.4 h, past the 336.0 h deadline
  runpod-1xa4500-secure        nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xrtx5080             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xrtx4080             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xb300                takes 4253.6 h, past the 336.0 h deadline
  runpod-1xb300-secure         takes 4253.6 h, past the 336.0 h deadline
  runpod-3xrtx-pro-6000-server 3 GPUs (data-parallel 3) do not divide the global batch of 32
  runpod-1xrtx4070ti           nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  spheron-gb200-superchip      takes 2140.0 h, past the 336.0 h deadline
  vast-1xrtx3090-interruptible nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx4090-interruptible nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx4090               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-2xrtx4090               takes 10048.8 h, past the 336.0 h deadline
  vast-4xrtx4090               takes 5966.4 h, past the 336.0 h deadline
  vast-8xrtx4090               takes 3218.8 h, past the 336.0 h deadline
  vast-1xrtx5090               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xa6000                 nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xl40s-spot             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xa100-40-pcie-interruptible nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xa100-80-pcie          nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xa100-80               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xa100-80-b             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xh100                  nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xh100-nvl              nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xh200                  only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  vast-1xb200                  takes 4405.4 h, past the 336.0 h deadline
  vast-1xt4                    nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xl40                   nothing fits in its memory (strategies, micro-batches and checkpointing tried)
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
  verda-1xa6000                nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  verda-1xa6000-spot           nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  verda-1xrtx6000-ada          nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  verda-1xrtx-pro-6000         nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  verda-8xa100-40              takes 959.0 h, past the 336.0 h deadline
  verda-1xh100                 nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  verda-8xh100                 takes 643.0 h, past the 336.0 h deadline
  verda-1xh200                 only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  verda-8xh200                 takes 610.0 h, past the 336.0 h deadline
  verda-1xb200                 takes 4406.0 h, past the 336.0 h deadline
  verda-8xb200                 takes 541.0 h, past the 336.0 h deadline
  verda-1xv100                 nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  verda-2xv100                 nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  verda-4xv100                 nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  verda-8xv100                 nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  verda-1xb300                 takes 1534.0 h, past the 336.0 h deadline
  verda-2xb300                 takes 770.0 h, past the 336.0 h deadline
  verda-4xb300                 takes 388.0 h, past the 336.0 h deadline
  vramfarm-4xrtx4090           takes 5966.4 h, past the 336.0 h deadline
  vramfarm-8xh100              takes 642.8 h, past the 336.0 h deadline
--- stderr
