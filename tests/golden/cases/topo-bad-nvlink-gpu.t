args: topo tests/data/topo/h100-spaces.txt --gpu RTX4090
rc: 2
--- stdout
--- stderr
vfplan: the topology shows NVLink but RTX4090 has none; pass the machine's GPU
