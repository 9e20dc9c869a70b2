args: topo --gpu RTX4090 tests/data/topo/8gpu-pcie-dual-socket.txt
rc: 0
--- stdout
tests/data/topo/8gpu-pcie-dual-socket.txt: 8 GPUs, read as RTX4090

paths between the GPUs, fastest first:
  PIX   PCIe through at most one PCIe switch: GPU0-GPU1, GPU2-GPU3, GPU4-GPU5, GPU6-GPU7
  NODE  PCIe between host bridges inside one NUMA node: GPU0-GPU2, GPU0-GPU3, GPU1-GPU2, GPU1-GPU3, ...
  SYS   PCIe through the CPU sockets' interconnect: GPU0-GPU4, GPU0-GPU5, GPU0-GPU6, GPU0-GPU7, ... (the slowest path)

NUMA nodes:
  node 0: GPU0 GPU1 GPU2 GPU3 (64 CPUs: 0-31,64-95)
  node 1: GPU4 GPU5 GPU6 GPU7 (64 CPUs: 32-63,96-127)

a job on the first N GPUs runs at its slowest pair:
   2 GPUs: GPU0-GPU1   PIX   pcie-host       31.50 GB/s per direction
   4 GPUs: GPU0-GPU2   NODE  pcie-host       31.50 GB/s per direction
   8 GPUs: GPU0-GPU4   SYS   cpu-cross       31.50 GB/s per direction
--- stderr
