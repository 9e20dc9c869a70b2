args: topo tests/data/topo/2x5090-phb-p2p-gns.txt
rc: 0
--- stdout
tests/data/topo/2x5090-phb-p2p-gns.txt: 2 GPUs (no --gpu: the paths, not their GB/s)

paths between the GPUs, fastest first:
  PHB   PCIe through a host bridge (the CPU): GPU0-GPU1

peer-to-peer (the `nvidia-smi topo -p2p` matrix):
  GNS   no P2P: GPU not supported: GPU0-GPU1

NUMA nodes:
  node 0: GPU0 GPU1 (64 CPUs: 0-63)

a job on the first N GPUs runs at its slowest pair:
   2 GPUs: GPU0-GPU1   PHB

needs --gpu G (the machine's GPU) for its GB/s:
  PCIe: PIX .. SYS name the route, not the PCIe generation or lanes (x16: gen 3 15.75, gen 4 31.5, gen 5 63 GB/s per direction)
--- stderr
