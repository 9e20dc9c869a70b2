args: topo tests/data/topo/h100-spaces.txt tests/data/topo/dgx-a100.txt
rc: 2
--- stdout
--- stderr
vfplan: unexpected argument 'tests/data/topo/dgx-a100.txt' for 'topo'
