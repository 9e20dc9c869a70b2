args: rent --model 8B --tokens 1e8 --gpu V100x
rc: 2
--- stdout
--- stderr
vfplan: no offer has GPU 'V100x' (did you mean 'V100-PCIE-16GB'?); the catalog's: 'A10', 'A100-40', 'A100-40-PCIE', 'A100-80', 'A100-80-PCIE', 'A10G', 'A40', 'A4000', 'A4500', 'A5000', 'A6000', 'A800-PCIE', 'B200', 'B300', 'GB200', 'GB300', 'GH200', 'GTX1080TI', 'H100-NVL' ... ('vfplan offers --json' shows each offer's)
