args: topo tests/data/topo/hgx-h100-nics.txt
rc: 0
--- stdout
tests/data/topo/hgx-h100-nics.txt: 8 GPUs, read as H100-SXM (assumed: --gpu names the machine's GPU)

paths between the GPUs, fastest first:
  NV18  NVLink, 18 links: every pair

NUMA nodes:
  node 0: GPU0 GPU1 GPU2 GPU3 (CPUs 0-55,112-167)
  node 1: GPU4 GPU5 GPU6 GPU7 (CPUs 56-111,168-223)

a job on the first N GPUs runs at its slowest pair:
   2 GPUs: NV18  nvlink         450.00 GB/s per direction
   4 GPUs: NV18  nvlink         450.00 GB/s per direction
   8 GPUs: NV18  nvlink         450.00 GB/s per direction
--- stderr
