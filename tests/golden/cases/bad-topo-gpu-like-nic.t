args: topo tests/data/crashes-2/topo-gpu-like-nic.txt
rc: 2
--- stdout
--- stderr
vfplan: tests/data/crashes-2/topo-gpu-like-nic.txt:1:7: header cell 'GPUx' is not a GPU name (GPU0, GPU1 ...)
