args: offers --filter gpu=H100,provider=lambda
rc: 0
--- stdout
id                           provider   machine             price/h cur   billing kind   date      
lambda-1xh100                Lambda     1xH100-SXM             4.29 USD       60s sample 2026-09-20
lambda-2xh100                Lambda     2xH100-SXM             8.38 USD       60s sample 2026-09-20
lambda-4xh100                Lambda     4xH100-SXM            16.36 USD       60s sample 2026-09-20
lambda-8xh100                Lambda     8xH100-SXM            31.92 USD       60s sample 2026-09-20

4 of 227 offers. Prices are samples seen on the dates shown, not quotes.
--- stderr
