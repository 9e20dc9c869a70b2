args: topo tests/data/topo/dgx1-v100-cube-mesh.txt --gpu V100-SXM2-32GB
rc: 0
--- stdout
tests/data/topo/dgx1-v100-cube-mesh.txt: 8 GPUs, read as V100-SXM2-32GB

paths between the GPUs, fastest first:
  NV2   NVLink, 2 links: GPU0-GPU3, GPU0-GPU4, GPU1-GPU2, GPU1-GPU5, ...
  NV1   NVLink, 1 link: GPU0-GPU1, GPU0-GPU2, GPU1-GPU3, GPU2-GPU6, ...
  SYS   PCIe through the CPU sockets' interconnect: GPU0-GPU5, GPU0-GPU6, GPU0-GPU7, GPU1-GPU4, ... (the slowest path)

NUMA nodes:
  node unknown: GPU0 GPU1 GPU2 GPU3 (40 CPUs: 0-19,40-59)
  node unknown: GPU4 GPU5 GPU6 GPU7 (40 CPUs: 20-39,60-79)

a job on the first N GPUs runs at its slowest pair:
   2 GPUs: GPU0-GPU1   NV1   nvlink          25.00 GB/s per direction
   4 GPUs: GPU0-GPU1   NV1   nvlink          25.00 GB/s per direction
   8 GPUs: GPU0-GPU5   SYS   cpu-cross       15.75 GB/s per direction
  GPU0-GPU3 is faster (NV2): CUDA_VISIBLE_DEVICES=0,3 for a two-GPU job
--- stderr
