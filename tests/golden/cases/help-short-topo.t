args: topo -h
rc: 0
--- stdout
usage: vfplan topo FILE [--gpu G] [--json]

Reads `nvidia-smi topo -m` output saved in FILE: the paths between the GPUs,
the NUMA nodes, and the link a job on 2, 4, 8 ... GPUs would run on
(the slowest pair among them). Its GB/s need --gpu: without it, the report says
which figures do. A `nvidia-smi topo -p2p r` matrix after it is read too.
`vfplan plan --topo FILE` plans on that link.

options:
  --gpu G                  the machine's GPU: its NVLink rate per link, PCIe generation and P2P (without it: the paths, and which figures need it)
  --data DIR               load DIR/models and DIR/hwdb instead of the embedded data
  --json                   print a JSON object
  --help                   this help
  --no-config              ignore the VFPLAN_* variables and ~/.config/vfplan/config.yaml (defaults of --currency, --units, --data, --offers)
--- stderr
