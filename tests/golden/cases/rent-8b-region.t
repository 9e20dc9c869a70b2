args: rent --model 8B --tokens 1e8 --region fin --gpu B300
rc: 0
--- stdout
4 offers can run it (0 left out, 223 not asked for); the time-cost front first, cheapest first, * = on the time-cost front

    offer                        GPUs                time        total  settings
* 1  verda-2xb300                 2xB300             1.0 h    13.39 EUR  zero2, micro-batch 1 x 16 accumulation, no checkpointing: 94.3 of 287.3 GB per GPU (114.1 with its error band)
* 2  verda-4xb300                 4xB300             1.0 h    26.78 EUR  zero3, micro-batch 8 x 1 accumulation, no checkpointing: 174.1 of 287.3 GB per GPU (210.7 with its error band)
* 3  verda-8xb300                 8xB300             1.0 h    53.55 EUR  zero3, micro-batch 4 x 1 accumulation, no checkpointing: 88.7 of 287.3 GB per GPU (107.3 with its error band)
  -- after the front: off it, or one costing at most 10 % more is 2x as fast --
  4  verda-1xb300                 1xB300             2.0 h    13.39 EUR  single, micro-batch 1 x 32 accumulation, no checkpointing: 168.9 of 287.3 GB per GPU (204.3 with its error band)

Prices in other currencies converted at the dated rates 'vfplan currencies' lists (e.g. USD to EUR at 0.8925, 2026-10-05).
--- stderr
