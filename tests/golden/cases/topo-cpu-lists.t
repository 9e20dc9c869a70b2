args: topo tests/data/topo/4xh100-nv6-cpu-lists.txt
rc: 0
--- stdout
tests/data/topo/4xh100-nv6-cpu-lists.txt: 4 GPUs (no --gpu: the paths, not their GB/s)

paths between the GPUs, fastest first:
  NV6   NVLink, 6 links: every pair

NUMA nodes:
  node 3: GPU0 (4 CPUs: 6,14,22,30)
  node 1: GPU1 (4 CPUs: 4,12,20,28)
  node 7: GPU2 (4 CPUs: 7,15,23,31)
  node 5: GPU3 (4 CPUs: 5,13,21,29)

a job on the first N GPUs runs at its slowest pair:
   2 GPUs: GPU0-GPU1   NV6
   4 GPUs: GPU0-GPU1   NV6

needs --gpu G (the machine's GPU) for its GB/s:
  NVLink: NV# counts links; the rate per link is the GPU's (V100, A100, H100: 25 GB/s per direction, B200: 50, an RTX 3090 or A6000 bridge: 14.0625)
--- stderr
