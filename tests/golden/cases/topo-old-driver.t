args: topo tests/data/topo/8gpu-pix-pxb-sys-old.txt --gpu A100-80-PCIE
rc: 0
--- stdout
tests/data/topo/8gpu-pix-pxb-sys-old.txt: 8 GPUs, read as A100-80-PCIE

paths between the GPUs, fastest first:
  PIX   PCIe through at most one PCIe switch: GPU0-GPU1, GPU2-GPU3, GPU4-GPU5, GPU6-GPU7
  PXB   PCIe through several PCIe switches, not the CPU: GPU0-GPU2, GPU0-GPU3, GPU1-GPU2, GPU1-GPU3, ...
  SYS   PCIe through the CPU sockets' interconnect: GPU0-GPU4, GPU0-GPU5, GPU0-GPU6, GPU0-GPU7, ... (the slowest path)

NUMA nodes:
  node unknown: GPU0 GPU1 GPU2 GPU3 (14 CPUs: 0-13)
  node unknown: GPU4 GPU5 GPU6 GPU7 (14 CPUs: 14-27)

a job on the first N GPUs runs at its slowest pair:
   2 GPUs: GPU0-GPU1   PIX   pcie-p2p        31.50 GB/s per direction
   4 GPUs: GPU0-GPU2   PXB   pcie-p2p        31.50 GB/s per direction
   8 GPUs: GPU0-GPU4   SYS   cpu-cross       31.50 GB/s per direction
--- stderr
