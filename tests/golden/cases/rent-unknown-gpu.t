args: rent --model 8B --tokens 1e8 --gpu V100x
rc: 2
--- stdout
--- stderr
vfplan: no offer has GPU 'V100x' (did you mean 'V100-SXM2-32GB'?); the catalog's: 'MI300X', 'MI325X', 'A10G', 'B300', 'V100-SXM2-32GB', 'RTX4090', 'RTX3090', 'A100-40', 'A100-80', 'H100-SXM', 'H100-PCIE', 'A10', 'A6000', 'B200' ... ('vfplan offers' lists them)
