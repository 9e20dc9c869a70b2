args: scaling --model 8B --gpu H100 --links nvlink4-switch,pcie5-hots
rc: 2
--- stdout
--- stderr
vfplan: unknown link 'pcie5-hots' (did you mean 'pcie5-host'?)
