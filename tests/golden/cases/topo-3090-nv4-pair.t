args: topo tests/data/topo/2x3090-nv4.txt --gpu RTX3090
rc: 0
--- stdout
tests/data/topo/2x3090-nv4.txt: 2 GPUs, read as RTX3090

paths between the GPUs, fastest first:
  NV4   NVLink, 4 links: GPU0-GPU1

NUMA nodes:
  node 0: GPU0 GPU1 (48 CPUs: 0-47)

a job on the first N GPUs runs at its slowest pair:
   2 GPUs: GPU0-GPU1   NV4   nvlink-bridge   56.25 GB/s per direction
--- stderr
