args: rent --model 8B --tokens 1e8 --interruptible only
rc: 0
--- stdout
5 offers can run it (0 left out, 180 not asked for); the time-cost front first, cheapest first, * = on the time-cost front

    offer                             GPUs                time        total  settings
* 1 ~vast-1xa100-40-pcie-interruptible 1xA100-40-PCIE     16.7 h     5.95 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, no checkpointing: 32.7 of 41.9 GB per GPU (37.3 with its error band)
  -- after the front: off it, or one costing at most 10 % more is 2x as fast --
  2 ~vast-1xl40s-spot                  1xL40S            17.4 h     6.27 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, no checkpointing: 32.7 of 47.2 GB per GPU (37.3 with its error band)
  3 ~vast-1xrtx3090-interruptible      1xRTX3090         40.1 h     6.44 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, full checkpointing: 18.8 of 24.7 GB per GPU (21.5 with its error band)
  4 ~vast-1xrtx4090-interruptible      1xRTX4090         24.5 h     6.78 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, full checkpointing: 18.8 of 24.7 GB per GPU (21.5 with its error band)
  5 ~verda-1xa6000-spot                1xA6000           25.0 h     9.15 EUR  single+offload optimizer, micro-batch 1 x 32 accumulation, no checkpointing: 32.7 of 50.5 GB per GPU (37.3 with its error band)

~ = interruptible (spot, bid): the provider may stop it; --interruptible no leaves them out.

Prices in other currencies converted at the dated rates 'vfplan currencies' lists (e.g. USD to EUR at 0.8925, 2026-10-05).
--- stderr
