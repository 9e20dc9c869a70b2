args: topo tests/data/topo/4xa100-nv4-numa-span.txt --gpu A100-80
rc: 0
--- stdout
tests/data/topo/4xa100-nv4-numa-span.txt: 4 GPUs, read as A100-80

paths between the GPUs, fastest first:
  NV4   NVLink, 4 links: every pair

NUMA nodes:
  nodes 0-1: GPU0 GPU1 GPU2 GPU3 (1 CPU: 0)

a job on the first N GPUs runs at its slowest pair:
   2 GPUs: GPU0-GPU1   NV4   nvlink         100.00 GB/s per direction
   4 GPUs: GPU0-GPU1   NV4   nvlink         100.00 GB/s per direction
--- stderr
