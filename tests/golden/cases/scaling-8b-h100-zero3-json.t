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
      "step_seconds": 0.2713758614,
      "tokens_per_second": 7546.728694,
      "speedup": 1.0,
      "efficiency": 1.0,
      "fits": false
    },
    {
      "link": "nvlink4-switch",
      "link_kind": "nvlink",
      "link_bw_bytes_per_s": 450000000000,
      "gpus": 2,
      "step_seconds": 0.2421876516,
      "tokens_per_second": 16912.50554,
      "speedup": 2.241037969,
      "efficiency": 1.120518984,
      "fits": false
    },
    {
      "link": "nvlink4-switch",
      "link_kind": "nvlink",
      "link_bw_bytes_per_s": 450000000000,
      "gpus": 4,
      "step_seconds": 0.2275977992,
      "tokens_per_second": 35993.31816,
      "speedup": 4.769393418,
      "efficiency": 1.192348354,
      "fits": true
    },
    {
      "link": "pcie5-host",
      "link_kind": "pcie-host",
      "link_bw_bytes_per_s": 63000000000,
      "gpus": 1,
      "step_seconds": 0.2713758614,
      "tokens_per_second": 7546.728694,
      "speedup": 1.0,
      "efficiency": 1.0,
      "fits": false
    },
    {
      "link": "pcie5-host",
      "link_kind": "pcie-host",
      "link_bw_bytes_per_s": 63000000000,
      "gpus": 2,
      "step_seconds": 0.9958174827,
      "tokens_per_second": 4113.203545,
      "speedup": 0.5450313257,
      "efficiency": 0.2725156629,
      "fits": false
    },
    {
      "link": "pcie5-host",
      "link_kind": "pcie-host",
      "link_bw_bytes_per_s": 63000000000,
      "gpus": 4,
      "step_seconds": 1.468148705,
      "tokens_per_second": 5579.816248,
      "speedup": 0.7393688676,
      "efficiency": 0.1848422169,
      "fits": true
    }
  ]
}
--- stderr
