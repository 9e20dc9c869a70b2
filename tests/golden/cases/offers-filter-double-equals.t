args: offers --filter 'gpu==H100,count>=8'
rc: 0
--- stdout
id                           provider   machine             price/h cur   billing kind   date      
gcp-8xh100                   GCP        8xH100-SXM            87.83 USD        1s sample 2026-09-26
hyperbolic-8xh100-a          Hyperbolic 8xH100-SXM            10.32 USD     3600s sample 2026-11-30
lambda-8xh100                Lambda     8xH100-SXM            31.92 USD       60s sample 2026-09-20
nebius-8xh100                Nebius     8xH100-SXM            30.80 USD     3600s sample 2026-09-25
runpod-8xh100                RunPod     8xH100-SXM            21.52 USD        1s sample 2026-09-25
runpod-8xh100-secure         RunPod     8xH100-SXM            27.92 USD        1s sample 2026-09-25
verda-8xh100                 Verda      8xH100-SXM            26.00 USD     3600s sample 2026-08-22
vramfarm-8xh100              VRAMfarm   8xH100-SXM            31.20 EUR       60s sample 2026-11-12

8 of 227 offers. Prices are samples seen on the dates shown, not quotes.
--- stderr
