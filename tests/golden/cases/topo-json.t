args: topo tests/data/topo/4x3090-nv4-pairs.txt --gpu RTX3090 --json
rc: 0
--- stdout
{
  "file": "tests/data/topo/4x3090-nv4-pairs.txt",
  "gpus": 4,
  "gpu": "RTX3090",
  "gpu_assumed": false,
  "matrix": [
    ["X", "PHB", "NV4", "NODE"],
    ["PHB", "X", "NODE", "NV4"],
    ["NV4", "NODE", "X", "PHB"],
    ["NODE", "NV4", "PHB", "X"]
  ],
  "numa": [0, 0, 0, 0],
  "cpu_affinity": ["0-23", "0-23", "0-23", "0-23"],
  "jobs": [
    {"gpus": 2, "name": "topo-phb", "kind": "pcie-host", "topo_code": "PHB", "bw_bytes_per_s": 31500000000},
    {"gpus": 4, "name": "topo-node", "kind": "pcie-host", "topo_code": "NODE", "bw_bytes_per_s": 31500000000}
  ]
}
--- stderr
