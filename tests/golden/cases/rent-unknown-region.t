args: rent --model 8B --tokens 1e8 --region mars
rc: 2
--- stdout
--- stderr
vfplan: no offer has region 'mars'; the catalog's: 'CA', 'CA (Quebec)', 'CANADA-1', 'CZ (Czechia)', 'eastus2', 'eu-amsterdam-1', 'EUR-IS-1', 'FI (Finland)', 'FIN-01', 'FR', 'JP (Japan)', 'Latvia, LV', 'North America', 'South Korea, KR', 'US' ... ('vfplan offers --json' shows each offer's)
