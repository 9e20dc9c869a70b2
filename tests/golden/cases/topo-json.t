args: topo tests/data/topo/4x3090-nv4-pairs.txt --gpu RTX3090 --json
rc: 0
--- stdout
{
  "file": "tests/data/topo/4x3090-nv4-pairs.txt",
  "gpus": 4,
  "gpu": "RTX3090",
  "matrix": [
    ["X", "PHB", "NV4", "NODE"],
    ["PHB", "X", "NODE", "NV4"],
    ["NV4", "NODE", "X", "PHB"],
    ["NODE", "NV4", "PHB", "X"]
  ],
  "p2p": null,
  "numa": [0, 0, 0, 0],
  "numa_affinity": ["0", "0", "0", "0"],
  "cpu_affinity": ["0-23", "0-23", "0-23", "0-23"],
  "cpu_count": [24, 24, 24, 24],
  "needs_gpu": [],
  "jobs": [
    {"gpus": 2, "pair": [0, 1], "topo_code": "PHB", "name": "topo-phb", "kind": "pcie-host", "bw_bytes_per_s": 31500000000},
    {"gpus": 4, "pair": [0, 3], "topo_code": "NODE", "name": "topo-node", "kind": "pcie-host", "bw_bytes_per_s": 31500000000}
  ]
}
--- stderr
