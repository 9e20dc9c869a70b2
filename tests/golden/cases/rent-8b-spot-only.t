args: rent --model 8B --tokens 1e8 --interruptible only
rc: 0
--- stdout
9 offers can run it (2 left out, 216 not asked for); the time-cost front first, cheapest first, * = on the time-cost front

    offer                             GPUs                time        total  settings
* 1 ~vast-1xa100-40-pcie-interruptible 1xA100-40-PCIE     16.3 h     5.83 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, no checkpointing: 34.5 of 41.9 GB per GPU (41.7 with its error band)
* 2 ~digitalocean-8xmi350x-spot        8xMI350X          0.44 h     7.77 EUR  zero2, micro-batch 4 x 1 accumulation, no checkpointing: 101.1 of 308.1 GB per GPU (122.4 with its error band)
* 3 ~digitalocean-8xmi355x-spot        8xMI355X          0.43 h     9.15 EUR  zero2, micro-batch 4 x 1 accumulation, no checkpointing: 101.1 of 308.1 GB per GPU (122.4 with its error band)
* 4 ~coreweave-8xb200-spot             8xB200            0.32 h     9.64 EUR  zero3, micro-batch 4 x 1 accumulation, no checkpointing: 88.7 of 191.2 GB per GPU (107.3 with its error band)
* 5 ~coreweave-8xb300-spot             8xB300            0.32 h    10.13 EUR  zero3, micro-batch 4 x 1 accumulation, no checkpointing: 88.7 of 287.3 GB per GPU (107.3 with its error band)
  -- after the front: off it, or one costing at most 10 % more is 2x as fast --
  6 ~vast-1xl40s-spot                  1xL40S            17.1 h     6.15 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, no checkpointing: 34.5 of 47.2 GB per GPU (41.7 with its error band)
  7 ~azure-nd96isr-mi300x-v5-spot      8xMI300X           1.0 h     7.92 EUR  zero3, micro-batch 4 x 1 accumulation, no checkpointing: 88.7 of 205.1 GB per GPU (107.3 with its error band)
  8 ~verda-1xa6000-spot                1xA6000           25.0 h     9.15 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, no checkpointing: 34.5 of 50.5 GB per GPU (41.7 with its error band)
  9 ~gcp-a4-highgpu-8g-spot            8xB200            0.32 h    11.19 EUR  zero3, micro-batch 4 x 1 accumulation, no checkpointing: 88.7 of 191.2 GB per GPU (107.3 with its error band)

~ = interruptible (spot, bid): the provider may stop it; --interruptible no leaves them out.

Prices in other currencies converted at the dated rates 'vfplan currencies' lists (e.g. USD to EUR at 0.8925, 2026-10-05).

Left out:
  vast-1xrtx3090-interruptible only borderline: the best setting's peak fits but not its error band (it may run out of memory)
  vast-1xrtx4090-interruptible only borderline: the best setting's peak fits but not its error band (it may run out of memory)
--- stderr
