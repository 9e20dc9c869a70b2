args: topo tests/data/topo/4x3090-nv4-pairs.txt --gpu RTX3090
rc: 0
--- stdout
tests/data/topo/4x3090-nv4-pairs.txt: 4 GPUs, read as RTX3090

paths between the GPUs, fastest first:
  NV4   NVLink, 4 links: GPU0-GPU2, GPU1-GPU3
  PHB   PCIe through a host bridge (the CPU): GPU0-GPU1, GPU2-GPU3
  NODE  PCIe between host bridges inside one NUMA node: GPU0-GPU3, GPU1-GPU2 (the slowest path)

NUMA nodes:
  node 0: GPU0 GPU1 GPU2 GPU3 (24 CPUs: 0-23)

a job on the first N GPUs runs at its slowest pair:
   2 GPUs: GPU0-GPU1   PHB   pcie-host       31.50 GB/s per direction
   4 GPUs: GPU0-GPU3   NODE  pcie-host       31.50 GB/s per direction
  GPU0-GPU2 is faster (NV4): CUDA_VISIBLE_DEVICES=0,2 for a two-GPU job
--- stderr
