args: topo tests/data/topo/broken-ragged.txt
rc: 2
--- stdout
--- stderr
vfplan: tests/data/topo/broken-ragged.txt:6:27: GPU2 has 3 entries; the header names 4 devices
