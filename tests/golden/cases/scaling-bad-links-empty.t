args: scaling --model 8B --gpu H100 --links ,
rc: 2
--- stdout
--- stderr
vfplan: --links needs link names, e.g. --links nvlink4-switch,pcie5-host
