args: rent --model 8B --tokens 1e8 --region mars
rc: 2
--- stdout
--- stderr
vfplan: no offer has region 'mars'; the catalog's: 'CA (Quebec)', 'CANADA-1', 'CZ (Czechia)', 'eu-amsterdam-1', 'EUR-IS-1', 'FI (Finland)', 'FIN-01', 'FR', 'JP (Japan)', 'US (California)', 'US (Florida)', 'us-central1', 'us-east-1', 'us-east-2' ... ('vfplan offers --json' shows each offer's)
