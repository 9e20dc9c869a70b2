args: topo tests/data/topo/2x3090-nv4.txt --json
rc: 0
--- stdout
{
  "file": "tests/data/topo/2x3090-nv4.txt",
  "gpus": 2,
  "gpu": null,
  "matrix": [
    ["X", "NV4"],
    ["NV4", "X"]
  ],
  "p2p": null,
  "numa": [0, 0],
  "numa_affinity": ["0", "0"],
  "cpu_affinity": ["0-47", "0-47"],
  "cpu_count": [48, 48],
  "needs_gpu": ["nvlink_rate"],
  "jobs": [
    {"gpus": 2, "pair": [0, 1], "topo_code": "NV4"}
  ]
}
--- stderr
