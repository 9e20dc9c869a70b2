args: scaling --model 8B --gpu H100 --strategy zero3 --links nvlink4-switch,pcie5-host --max 4 --json
rc: 0
--- stdout
{
  "schema": 1,
  "vfplan_version": "0.1.0",
  "vfplan_commit": "COMMIT",
  "data_date": "2026-11-30",
  "rows": [
    {
      "link": "nvlink4-switch",
      "link_kind": "nvlink",
      "link_bw_bytes_per_s": 450000000000,
      "gpus": 1,
      "step_seconds": 0.2713739298,
      "tokens_per_second": 7546.782411,
      "speedup": 1.0,
      "efficiency": 1.0,
      "fits": false
    },
    {
      "link": "nvlink4-switch",
      "link_kind": "nvlink",
      "link_bw_bytes_per_s": 450000000000,
      "gpus": 2,
      "step_seconds": 0.24218572,
      "tokens_per_second": 16912.64043,
      "speedup": 2.241039891,
      "efficiency": 1.120519946,
      "fits": false
    },
    {
      "link": "nvlink4-switch",
      "link_kind": "nvlink",
      "link_bw_bytes_per_s": 450000000000,
      "gpus": 4,
      "step_seconds": 0.2275958676,
      "tokens_per_second": 35993.62364,
      "speedup": 4.769399948,
      "efficiency": 1.192349987,
      "fits": true
    },
    {
      "link": "pcie5-host",
      "link_kind": "pcie-host",
      "link_bw_bytes_per_s": 63000000000,
      "gpus": 1,
      "step_seconds": 0.2713739298,
      "tokens_per_second": 7546.782411,
      "speedup": 1.0,
      "efficiency": 1.0,
      "fits": false
    },
    {
      "link": "pcie5-host",
      "link_kind": "pcie-host",
      "link_bw_bytes_per_s": 63000000000,
      "gpus": 2,
      "step_seconds": 0.9958171176,
      "tokens_per_second": 4113.205053,
      "speedup": 0.545027646,
      "efficiency": 0.272513823,
      "fits": false
    },
    {
      "link": "pcie5-host",
      "link_kind": "pcie-host",
      "link_bw_bytes_per_s": 63000000000,
      "gpus": 4,
      "step_seconds": 1.46814834,
      "tokens_per_second": 5579.817636,
      "speedup": 0.7393637887,
      "efficiency": 0.1848409472,
      "fits": true
    }
  ]
}
--- stderr
