args: rent --model 8B --tokens 1e8 --top 5 --interruptible no
rc: 0
--- stdout
168 offers can run it (48 left out, 11 not asked for); the time-cost front first, cheapest first, * = on the time-cost front

    offer                        GPUs                time        total  settings
* 1  clore-1xa100-40              1xA100-40         15.9 h     2.42 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, no checkpointing: 34.5 of 41.9 GB per GPU (41.7 with its error band)
* 2  clore-2xa100-40              2xA100-40          8.2 h     2.48 EUR  zero3+offload optimizer, micro-batch 1 x 16 accumulation, no checkpointing: 29.4 of 41.9 GB per GPU (35.6 with its error band)
* 3  clore-2xa100-80              2xA100-80          7.9 h     3.54 EUR  zero2+offload optimizer, micro-batch 1 x 16 accumulation, no checkpointing: 35.5 of 84.8 GB per GPU (43.0 with its error band)
* 4  tensorwave-1xmi300x          1xMI300X           3.0 h     4.02 EUR  single, micro-batch 1 x 32 accumulation, no checkpointing: 168.9 of 205.1 GB per GPU (204.3 with its error band)
* 5  hyperbolic-4xh100-a          4xH100-SXM         1.0 h     4.61 EUR  zero2, micro-batch 1 x 8 accumulation, no checkpointing: 64.9 of 84.4 GB per GPU (78.6 with its error band)

Prices in other currencies converted at the dated rates 'vfplan currencies' lists (e.g. USD to EUR at 0.8925, 2026-10-05).

Left out:
  aws-g5-xlarge                only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  clore-1xrtx4090              only borderline: the best setting's peak fits but not its error band (it may run out of memory)
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
  hyperstack-1xh100-pcie       fits only with offload, which needs 192 GB of host RAM (the machine has 180 GB)
  lambda-1xa10                 only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  nodexo-1xrtx4070ti           nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  nodexo-1xrtx4070ti-super     nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xrtx3090             only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xrtx4090             only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xrtx4090-secure      only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xa5000               only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xl4                  only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xv100-pcie-16        nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xv100-sxm2-16        nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa4000               nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa4000-secure        nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xa4500               only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xa4500-secure        only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  runpod-1xrtx5080             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-1xrtx4080             nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  runpod-3xrtx-pro-6000-server 3 GPUs (data-parallel 3) do not divide the global batch of 32
  runpod-1xrtx4070ti           nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  vast-1xrtx4090               only borderline: the best setting's peak fits but not its error band (it may run out of memory)
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
  verda-1xv100                 nothing fits in its memory (strategies, micro-batches and checkpointing tried)
  verda-2xv100                 fits only with offload, which needs 216 GB of host RAM (the machine has 45 GB)
  verda-4xv100                 fits only with offload, which needs 192 GB of host RAM (the machine has 90 GB)
  verda-8xv100                 fits only with offload, which needs 192 GB of host RAM (the machine has 180 GB)
--- stderr
