args: topo tests/data/topo/broken-p2p-only.txt --gpu RTX5090
rc: 2
--- stdout
--- stderr
vfplan: tests/data/topo/broken-p2p-only.txt:4:9: 'GNS' is a `nvidia-smi topo -p2p` status, not a path: the file needs the `nvidia-smi topo -m` matrix first
