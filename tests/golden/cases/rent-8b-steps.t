args: rent --model 8B --steps 100
rc: 0
--- stdout
154 offers can run it (31 left out); cheapest first, * = on the time-cost front

   offer                        GPUs                time        total  settings
* 1 clore-1xrtx4090              1xRTX4090          1.8 h     0.16 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, full checkpointing: 18.8 of 24.7 GB per GPU (21.5 with its error band), 1.8 h, 0.16 EUR
* 2 clore-2xrtx3090              2xRTX3090          1.5 h     0.16 EUR  zero2+offload optimizer, micro-batch 1 x 16 accumulation, full checkpointing: 19.9 of 24.7 GB per GPU (22.7 with its error band), 1.5 h, 0.16 EUR
* 3 clore-2xrtx4090              2xRTX4090          1.0 h     0.18 EUR  zero2+offload optimizer, micro-batch 1 x 16 accumulation, full checkpointing: 19.9 of 24.7 GB per GPU (22.7 with its error band), 1.0 h, 0.18 EUR
  4 clore-1xa100-40              1xA100-40          1.2 h     0.19 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, no checkpointing: 32.7 of 41.9 GB per GPU (37.3 with its error band), 1.2 h, 0.19 EUR
* 5 clore-2xa100-40              2xA100-40          0.7 h     0.21 EUR  zero2+offload optimizer, micro-batch 1 x 16 accumulation, no checkpointing: 33.7 of 41.9 GB per GPU (38.5 with its error band), 0.7 h, 0.21 EUR
  6 clore-1xa100-80              1xA100-80          1.2 h     0.27 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, no checkpointing: 32.7 of 84.8 GB per GPU (37.3 with its error band), 1.2 h, 0.27 EUR
* 7 clore-2xa100-80              2xA100-80          0.7 h     0.31 EUR  zero2+offload optimizer, micro-batch 1 x 16 accumulation, no checkpointing: 33.7 of 84.8 GB per GPU (38.5 with its error band), 0.7 h, 0.31 EUR
  8 hyperbolic-2xrtx4090-e       2xRTX4090          1.0 h     0.36 EUR  zero2+offload optimizer, micro-batch 1 x 16 accumulation, full checkpointing: 19.9 of 24.7 GB per GPU (22.7 with its error band), 1.0 h, 0.36 EUR
  9 runpod-1xa5000               1xA5000            2.6 h     0.37 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, full checkpointing: 18.8 of 24.7 GB per GPU (21.5 with its error band), 2.6 h, 0.37 EUR
 10 vast-1xa100-40-pcie-interruptible 1xA100-40-PCIE      1.2 h     0.45 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, no checkpointing: 32.7 of 41.9 GB per GPU (37.3 with its error band), 1.2 h, 0.45 EUR
 11 vast-1xrtx3090-interruptible 1xRTX3090          2.8 h     0.45 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, full checkpointing: 18.8 of 24.7 GB per GPU (21.5 with its error band), 2.8 h, 0.45 EUR
 12 vast-1xl40s-spot             1xL40S             1.3 h     0.47 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, no checkpointing: 32.7 of 47.2 GB per GPU (37.3 with its error band), 1.3 h, 0.47 EUR
 13 vast-1xrtx4090-interruptible 1xRTX4090          1.8 h     0.49 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, full checkpointing: 18.8 of 24.7 GB per GPU (21.5 with its error band), 1.8 h, 0.49 EUR
 14 runpod-1xrtx4090             1xRTX4090          1.8 h     0.53 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, full checkpointing: 18.8 of 24.7 GB per GPU (21.5 with its error band), 1.8 h, 0.53 EUR
 15 runpod-2xa4500               2xA4500            1.6 h     0.54 EUR  zero3+offload optimizer, micro-batch 2 x 8 accumulation, full checkpointing: 14.0 of 20.4 GB per GPU (15.9 with its error band), 1.6 h, 0.54 EUR
 16 runpod-1xrtx3090             1xRTX3090          2.8 h     0.55 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, full checkpointing: 18.8 of 24.7 GB per GPU (21.5 with its error band), 2.8 h, 0.55 EUR
 17 runpod-4xa4500               4xA4500            0.9 h     0.58 EUR  zero3+offload all, micro-batch 1 x 8 accumulation, no checkpointing: 17.4 of 20.4 GB per GPU (19.8 with its error band), 0.9 h, 0.58 EUR
 18 runpod-2xrtx4090             2xRTX4090          1.0 h     0.60 EUR  zero2+offload optimizer, micro-batch 1 x 16 accumulation, full checkpointing: 19.9 of 24.7 GB per GPU (22.7 with its error band), 1.0 h, 0.60 EUR
 19 runpod-2xa5000               2xA5000            1.4 h     0.68 EUR  zero2+offload optimizer, micro-batch 1 x 16 accumulation, full checkpointing: 19.9 of 24.7 GB per GPU (22.7 with its error band), 1.4 h, 0.68 EUR
 20 runpod-4xa5000               4xA5000            0.7 h     0.70 EUR  zero3+offload optimizer, micro-batch 1 x 8 accumulation, no checkpointing: 21.6 of 24.7 GB per GPU (24.6 with its error band), 0.7 h, 0.70 EUR

Prices in other currencies converted at the dated rates 'vfplan currencies' lists (e.g. USD to EUR at 0.8925, 2026-10-05).

Left out:
  hyperbolic-1xrtx4090-a       fits only with offload, which needs 192 GB of host RAM (the machine has 36 GB)
  hyperbolic-2xrtx4090-a       fits only with offload, which needs 192 GB of host RAM (the machine has 73 GB)
  hyperbolic-4xrtx4090-a       fits only with offload, which needs 192 GB of host RAM (the machine has 146 GB)
  hyperbolic-1xrtx4090-b       fits only with offload, which needs 192 GB of host RAM (the machine has 48 GB)
  hyperbolic-2xrtx4090-b       fits only with offload, which needs 192 GB of host RAM (the machine has 97 GB)
  hyperbolic-1xrtx4090-c       fits only with offload, which needs 192 GB of host RAM (the machine has 58 GB)
  hyperbolic-2xrtx4090-c       fits only with offload, which needs 192 GB of host RAM (the machine has 116 GB)
  hyperbolic-1xrtx4090-d       fits only with offload, which needs 192 GB of host RAM (the machine has 73 GB)
  hyperbolic-2xrtx4090-d       fits only with offload, which needs 192 GB of host RAM (the machine has 146 GB)
  hyperbolic-1xrtx4090-e       fits only with offload, which needs 192 GB of host RAM (the machine has 146 GB)
  hyperstack-1xh100-pcie       fits only with offload, which needs 192 GB of host RAM (the machine has 180 GB)
  runpod-1xv100-pcie-16        nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xv100-sxm2-16        nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa4000               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa4000-secure        nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa4500               only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xa4500-secure        only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xrtx5080             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xrtx4080             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xt4                    nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xl40                   fits only with offload, which needs 192 GB of host RAM (the machine has 126 GB)
  vast-1xa4000                 nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx5080               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx5070ti             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx4080               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx2080ti             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xv100-16               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  verda-1xv100                 nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  verda-2xv100                 fits only with offload, which needs 192 GB of host RAM (the machine has 45 GB)
  verda-4xv100                 fits only with offload, which needs 192 GB of host RAM (the machine has 90 GB)
  verda-8xv100                 fits only with offload, which needs 192 GB of host RAM (the machine has 180 GB)
--- stderr
