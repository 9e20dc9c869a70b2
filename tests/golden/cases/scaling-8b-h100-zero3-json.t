args: scaling --model 8B --gpu H100 --strategy zero3 --links nvlink4-switch,pcie5-host --max 4 --json
rc: 0
--- stdout
{
  "schema": 1,
  "vfplan_version": "0.1.0",
  "rows": [
    {
      "link": "nvlink4-switch",
      "link_kind": "nvlink",
      "link_bw_bytes_per_s": 450000000000,
      "gpus": 1,
      "step_seconds": 0.2718527596,
      "tokens_per_second": 7533.489832,
      "speedup": 1.0,
      "efficiency": 1.0,
      "fits": false
    },
    {
      "link": "nvlink4-switch",
      "link_kind": "nvlink",
      "link_bw_bytes_per_s": 450000000000,
      "gpus": 2,
      "step_seconds": 0.2426645498,
      "tokens_per_second": 16879.26812,
      "speedup": 2.240564267,
      "efficiency": 1.120282134,
      "fits": true
    },
    {
      "link": "nvlink4-switch",
      "link_kind": "nvlink",
      "link_bw_bytes_per_s": 450000000000,
      "gpus": 4,
      "step_seconds": 0.2280746974,
      "tokens_per_second": 35918.05708,
      "speedup": 4.767784637,
      "efficiency": 1.191946159,
      "fits": true
    },
    {
      "link": "pcie5-host",
      "link_kind": "pcie-host",
      "link_bw_bytes_per_s": 63000000000,
      "gpus": 1,
      "step_seconds": 0.2718527596,
      "tokens_per_second": 7533.489832,
      "speedup": 1.0,
      "efficiency": 1.0,
      "fits": false
    },
    {
      "link": "pcie5-host",
      "link_kind": "pcie-host",
      "link_bw_bytes_per_s": 63000000000,
      "gpus": 2,
      "step_seconds": 0.9959076165,
      "tokens_per_second": 4112.831283,
      "speedup": 0.5459397138,
      "efficiency": 0.2729698569,
      "fits": true
    },
    {
      "link": "pcie5-host",
      "link_kind": "pcie-host",
      "link_bw_bytes_per_s": 63000000000,
      "gpus": 4,
      "step_seconds": 1.468238839,
      "tokens_per_second": 5579.473709,
      "speedup": 0.7406227171,
      "efficiency": 0.1851556793,
      "fits": true
    }
  ]
}
--- stderr
