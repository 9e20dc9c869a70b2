args: --model 8B --gpus 2xRTX5090 --topo tests/data/topo/2x5090-phb.txt --link pcie5-host
rc: 2
--- stdout
--- stderr
vfplan: give --link or --topo, not both
