args: offers --filter interruptible=yes
rc: 0
--- stdout
id                           provider   machine             price/h cur   billing kind   date      
azure-nd96isr-mi300x-v5-spot Azure      8xMI300X               8.87 USD     3600s sample 2026-10-10
coreweave-8xb200-spot        CoreWeave  8xB200                34.11 USD       60s sample 2026-10-10
coreweave-8xb300-spot        CoreWeave  8xB300                35.84 USD       60s sample 2026-10-10
digitalocean-8xmi355x-spot   DigitalOcean 8xMI355X              23.76 USD        1s sample 2026-09-26
digitalocean-8xmi350x-spot   DigitalOcean 8xMI350X              19.68 USD        1s sample 2026-09-26
gcp-a4-highgpu-8g-spot       GCP        8xB200                39.63 USD        1s sample 2026-10-10
vast-1xrtx3090-interruptible Vast.ai    1xRTX3090              0.18 USD        1s sample 2026-05-01
vast-1xrtx4090-interruptible Vast.ai    1xRTX4090              0.31 USD        1s sample 2026-05-01
vast-1xl40s-spot             Vast.ai    1xL40S                 0.40 USD        1s sample 2026-06-23
vast-1xa100-40-pcie-interruptible Vast.ai    1xA100-40-PCIE         0.40 USD        1s sample 2026-05-01
verda-1xa6000-spot           Verda      1xA6000                0.41 USD     3600s sample 2026-10-29

11 of 227 offers. Prices are samples seen on the dates shown, not quotes.
--- stderr
