args: topo tests/data/crashes-2/topo-gpu-after-nic.txt
rc: 2
--- stdout
--- stderr
vfplan: tests/data/crashes-2/topo-gpu-after-nic.txt:2:12: 'GPU1' comes after the NIC columns; nvidia-smi names the GPUs first
