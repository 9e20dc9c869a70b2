args: offers --filter interruptible=yes
rc: 0
--- stdout
id                           provider   machine             price/h cur   billing kind   date      
vast-1xrtx3090-interruptible Vast.ai    1xRTX3090              0.18 USD        1s sample 2026-05-01
vast-1xrtx4090-interruptible Vast.ai    1xRTX4090              0.31 USD        1s sample 2026-05-01
vast-1xl40s-spot             Vast.ai    1xL40S                 0.40 USD        1s sample 2026-06-23
vast-1xa100-40-pcie-interruptible Vast.ai    1xA100-40-PCIE         0.40 USD        1s sample 2026-05-01
verda-1xa6000-spot           Verda      1xA6000                0.41 USD     3600s sample 2026-10-29

5 of 185 offers. Prices are samples seen on the dates shown, not quotes.
--- stderr
