args: topo tests/data/topo/hgx-h100-nics.txt
rc: 0
--- stdout
tests/data/topo/hgx-h100-nics.txt: 8 GPUs (no --gpu: the paths, not their GB/s)

paths between the GPUs, fastest first:
  NV18  NVLink, 18 links: every pair

NUMA nodes:
  node 0: GPU0 GPU1 GPU2 GPU3 (112 CPUs: 0-55,112-167)
  node 1: GPU4 GPU5 GPU6 GPU7 (112 CPUs: 56-111,168-223)

a job on the first N GPUs runs at its slowest pair:
   2 GPUs: GPU0-GPU1   NV18
   4 GPUs: GPU0-GPU1   NV18
   8 GPUs: GPU0-GPU1   NV18

needs --gpu G (the machine's GPU) for its GB/s:
  NVLink: NV# counts links; the rate per link is the GPU's (V100, A100, H100: 25 GB/s per direction, B200: 50, an RTX 3090 or A6000 bridge: 14.0625)
--- stderr
