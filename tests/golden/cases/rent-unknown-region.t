args: rent --model 8B --tokens 1e8 --region mars
rc: 2
--- stdout
--- stderr
vfplan: no offer has region 'mars'; the catalog's: 'us-east-1', 'us-east-2', 'us-west-2', 'us-central1', 'CANADA-1', 'eu-amsterdam-1', 'EUR-IS-1', 'FR', 'US (California)', 'FI (Finland)' ... ('vfplan offers' lists them)
