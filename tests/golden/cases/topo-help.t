args: topo --help
rc: 0
--- stdout
usage: vfplan topo FILE [--gpu G] [--json]

Reads `nvidia-smi topo -m` output saved in FILE: the paths between the GPUs,
the NUMA nodes, and the link a job on 2, 4, 8 ... GPUs would run on
(the slowest pair among them). `vfplan plan --topo FILE` plans on that link.

options:
  --gpu G                  the machine's GPU, for its NVLink generation and P2P (default: H100-SXM, assumed)
  --data DIR               load DIR/models and DIR/hwdb instead of the embedded data
  --json                   print a JSON object
  --help                   this help
--- stderr
