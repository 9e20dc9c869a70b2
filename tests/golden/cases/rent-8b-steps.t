args: rent --model 8B --steps 100
rc: 0
--- stdout
154 offers can run it (31 left out); the time-cost front first, cheapest first, * = on the time-cost front

    offer                        GPUs                time        total  settings
* 1  clore-1xrtx4090              1xRTX4090          1.8 h     0.16 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, full checkpointing: 18.8 of 24.7 GB per GPU (21.5 with its error band)
* 2  clore-2xrtx3090              2xRTX3090          1.5 h     0.16 EUR  zero3+offload optimizer, micro-batch 4 x 4 accumulation, full checkpointing: 18.0 of 24.7 GB per GPU (20.6 with its error band)
* 3  clore-2xrtx4090              2xRTX4090          1.0 h     0.18 EUR  zero3+offload optimizer, micro-batch 4 x 4 accumulation, full checkpointing: 18.0 of 24.7 GB per GPU (20.6 with its error band)
* 4  clore-2xa100-40              2xA100-40         0.70 h     0.21 EUR  zero3+offload optimizer, micro-batch 1 x 16 accumulation, no checkpointing: 25.8 of 41.9 GB per GPU (29.4 with its error band)
* 5  clore-2xa100-80              2xA100-80         0.69 h     0.31 EUR  zero3+offload optimizer, micro-batch 4 x 4 accumulation, no checkpointing: 73.4 of 84.8 GB per GPU (83.7 with its error band)
* 6  runpod-4xrtx4090             4xRTX4090         0.59 h     0.72 EUR  zero3+offload all, micro-batch 8 x 1 accumulation, full checkpointing: 17.7 of 24.7 GB per GPU (20.2 with its error band)
* 7  hyperbolic-4xrtx4090-c       4xRTX4090          1.0 h     0.82 EUR  zero3+offload all, micro-batch 8 x 1 accumulation, full checkpointing: 17.7 of 24.7 GB per GPU (20.2 with its error band)
* 8  lambda-1xgh200               1xGH200           0.42 h     0.85 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, no checkpointing: 32.7 of 102.0 GB per GPU (37.3 with its error band)
* 9  runpod-8xrtx4090             8xRTX4090         0.38 h     0.93 EUR  zero3+offload optimizer, micro-batch 4 x 1 accumulation, full checkpointing: 11.7 of 24.7 GB per GPU (13.4 with its error band)
*10  runpod-1xmi300x              1xMI300X          0.34 h     1.07 EUR  single, micro-batch 1 x 32 accumulation, no checkpointing: 168.0 of 205.1 GB per GPU (191.5 with its error band)
*11  runpod-2xh100-nvl            2xH100-NVL        0.28 h     1.29 EUR  zero3, micro-batch 1 x 16 accumulation, no checkpointing: 85.5 of 99.9 GB per GPU (97.5 with its error band)
*12  runpod-1xb300                1xB300            0.24 h     1.52 EUR  single, micro-batch 1 x 32 accumulation, no checkpointing: 168.0 of 287.3 GB per GPU (191.5 with its error band)
*13  runpod-4xh100                4xH100-SXM        0.21 h     2.04 EUR  zero2, micro-batch 1 x 8 accumulation, no checkpointing: 63.1 of 84.4 GB per GPU (72.0 with its error band)
*14  runpod-2xb200                2xB200            0.21 h     2.21 EUR  zero2, micro-batch 1 x 16 accumulation, no checkpointing: 93.5 of 191.2 GB per GPU (106.5 with its error band)
*15  runpod-8xh100                8xH100-SXM        0.19 h     3.65 EUR  zero2, micro-batch 1 x 4 accumulation, no checkpointing: 48.4 of 84.4 GB per GPU (55.2 with its error band)
*16  runpod-4xb200                4xB200            0.19 h     3.99 EUR  zero3, micro-batch 8 x 1 accumulation, no checkpointing: 158.0 of 191.2 GB per GPU (180.1 with its error band)
*17  runpod-8xb200                8xB200            0.18 h     7.58 EUR  zero2, micro-batch 1 x 4 accumulation, no checkpointing: 48.4 of 191.2 GB per GPU (55.2 with its error band)
  -- after the front: off it, or one costing at most 10 % more is 2x as fast --
 18  clore-1xa100-40              1xA100-40          1.2 h     0.19 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, no checkpointing: 32.7 of 41.9 GB per GPU (37.3 with its error band)
 19  clore-1xa100-80              1xA100-80          1.2 h     0.27 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, no checkpointing: 32.7 of 84.8 GB per GPU (37.3 with its error band)
 20  hyperbolic-2xrtx4090-e       2xRTX4090          1.0 h     0.36 EUR  zero3+offload optimizer, micro-batch 4 x 4 accumulation, full checkpointing: 18.0 of 24.7 GB per GPU (20.6 with its error band)

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
