args: topo tests/data/crashes-2/topo-gpu-like-nic.txt
rc: 2
--- stdout
--- stderr
