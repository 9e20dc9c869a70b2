args: rent --model 8B --steps 100
rc: 0
--- stdout
103 offers can run it (37 left out); cheapest first, * = on the time-cost front

   offer                        GPUs                time        total  settings
* 1 clore-2xrtx3090              2xRTX3090          1.9 h     0.20 EUR  zero3+offload optimizer, micro-batch 4 x 4 accumulation, full checkpointing: 18.0 of 24.7 GB per GPU, 1.9 h, 0.20 EUR
* 2 clore-2xrtx4090              2xRTX4090          1.1 h     0.20 EUR  zero3+offload optimizer, micro-batch 4 x 4 accumulation, full checkpointing: 18.0 of 24.7 GB per GPU, 1.1 h, 0.20 EUR
* 3 clore-2xa100-40              2xA100-40         42 min     0.21 EUR  zero3+offload optimizer, micro-batch 1 x 16 accumulation, no checkpointing: 25.8 of 41.9 GB per GPU, 0.7 h, 0.21 EUR
  4 clore-1xa100-80              1xA100-80          1.2 h     0.27 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, no checkpointing: 66.3 of 84.8 GB per GPU, 1.2 h, 0.27 EUR
* 5 clore-2xa100-80              2xA100-80         41 min     0.31 EUR  zero3+offload optimizer, micro-batch 2 x 8 accumulation, no checkpointing: 41.7 of 84.8 GB per GPU, 0.7 h, 0.31 EUR
  6 hyperbolic-2xrtx4090-e       2xRTX4090          1.0 h     0.36 EUR  zero3+offload optimizer, micro-batch 4 x 4 accumulation, full checkpointing: 18.0 of 24.7 GB per GPU, 1.0 h, 0.36 EUR
  7 runpod-2xa5000               2xA5000            1.4 h     0.68 EUR  zero3+offload optimizer, micro-batch 4 x 4 accumulation, full checkpointing: 18.0 of 24.7 GB per GPU, 1.4 h, 0.68 EUR
  8 runpod-2xrtx4090             2xRTX4090          1.1 h     0.69 EUR  zero3+offload optimizer, micro-batch 4 x 4 accumulation, full checkpointing: 18.0 of 24.7 GB per GPU, 1.1 h, 0.69 EUR
  9 runpod-4xa5000               4xA5000           48 min     0.76 EUR  zero3+offload optimizer, micro-batch 4 x 2 accumulation, full checkpointing: 13.8 of 24.7 GB per GPU, 0.8 h, 0.76 EUR
*10 runpod-4xrtx4090             4xRTX4090         39 min     0.79 EUR  zero3+offload all, micro-batch 8 x 1 accumulation, full checkpointing: 17.7 of 24.7 GB per GPU, 0.7 h, 0.79 EUR
*11 hyperbolic-4xrtx4090-c       4xRTX4090          1.0 h     0.82 EUR  zero3+offload all, micro-batch 8 x 1 accumulation, full checkpointing: 17.7 of 24.7 GB per GPU, 1.0 h, 0.82 EUR
 12 hyperbolic-4xrtx4090-b       4xRTX4090          1.0 h     0.82 EUR  zero3+offload optimizer, micro-batch 4 x 2 accumulation, full checkpointing: 13.8 of 24.7 GB per GPU, 1.0 h, 0.82 EUR
*13 lambda-1xgh200               1xGH200           25 min     0.85 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, no checkpointing: 66.3 of 102.0 GB per GPU, 0.4 h, 0.85 EUR
 14 vast-1xa100-80-pcie          1xA100-80-PCIE      1.2 h     0.85 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, no checkpointing: 66.3 of 84.8 GB per GPU, 1.2 h, 0.85 EUR
 15 hyperbolic-4xrtx4090-d       4xRTX4090          1.0 h     0.89 EUR  zero3+offload all, micro-batch 8 x 1 accumulation, full checkpointing: 17.7 of 24.7 GB per GPU, 1.0 h, 0.89 EUR
 16 vast-2xrtx4090               2xRTX4090          1.1 h     0.91 EUR  zero3+offload optimizer, micro-batch 4 x 4 accumulation, full checkpointing: 18.0 of 24.7 GB per GPU, 1.1 h, 0.91 EUR
 17 runpod-2xa6000               2xA6000            1.0 h     0.97 EUR  zero3+offload optimizer, micro-batch 2 x 8 accumulation, no checkpointing: 41.7 of 50.5 GB per GPU, 1.0 h, 0.97 EUR
 18 runpod-8xrtx4090             8xRTX4090         25 min     1.01 EUR  zero3+offload optimizer, micro-batch 4 x 1 accumulation, full checkpointing: 11.7 of 24.7 GB per GPU, 0.4 h, 1.01 EUR
 19 vast-4xrtx4090               4xRTX4090         39 min     1.05 EUR  zero3+offload all, micro-batch 8 x 1 accumulation, full checkpointing: 17.7 of 24.7 GB per GPU, 0.7 h, 1.05 EUR
*20 runpod-1xmi300x              1xMI300X          20 min     1.06 EUR  single, micro-batch 1 x 32 accumulation, no checkpointing: 168.0 of 205.1 GB per GPU, 0.3 h, 1.06 EUR

Prices in other currencies converted at the dated rates of hwdb/currencies.yaml (e.g. USD to EUR at 0.8925, 2026-10-05).

Left out:
  clore-1xrtx4090              nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  clore-1xa100-40              nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  hyperbolic-1xrtx4090-a       nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  hyperbolic-2xrtx4090-a       fits only with offload, which needs 192 GB of host RAM (the machine has 73 GB)
  hyperbolic-4xrtx4090-a       fits only with offload, which needs 192 GB of host RAM (the machine has 146 GB)
  hyperbolic-1xrtx4090-b       nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  hyperbolic-2xrtx4090-b       fits only with offload, which needs 192 GB of host RAM (the machine has 97 GB)
  hyperbolic-1xrtx4090-c       nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  hyperbolic-2xrtx4090-c       fits only with offload, which needs 192 GB of host RAM (the machine has 116 GB)
  hyperbolic-1xrtx4090-d       nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  hyperbolic-2xrtx4090-d       fits only with offload, which needs 192 GB of host RAM (the machine has 146 GB)
  hyperbolic-1xrtx4090-e       nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  lambda-1xa10                 nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  lambda-1xa100-40             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  nebius-1xl40s                only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xrtx3090             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xrtx4090             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xrtx4090-secure      nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xrtx5090             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa6000               only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xa5000               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xrtx6000-ada         only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xl4                  nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xl40s                only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xl40s-secure         only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xa40                 only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xa100-40             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx3090-interruptible nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx4090-interruptible nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx4090               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx5090               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xa6000                 only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  vast-1xl40s-spot             only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  vast-1xa100-40-pcie-interruptible nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  verda-1xa6000                only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  verda-1xa6000-spot           only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  verda-1xrtx6000-ada          only borderline: the best setting's peak fits but not its error band (it may run out of memory)
--- stderr
