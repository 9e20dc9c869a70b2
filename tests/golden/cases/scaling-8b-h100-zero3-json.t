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
      "step_seconds": 0.2418392279,
      "tokens_per_second": 8468.435904,
      "speedup": 1.0,
      "efficiency": 1.0,
      "fits": false
    },
    {
      "link": "nvlink4-switch",
      "link_kind": "nvlink",
      "link_bw_bytes_per_s": 450000000000,
      "gpus": 2,
      "step_seconds": 0.2126510181,
      "tokens_per_second": 19261.60541,
      "speedup": 2.27451747,
      "efficiency": 1.137258735,
      "fits": true
    },
    {
      "link": "nvlink4-switch",
      "link_kind": "nvlink",
      "link_bw_bytes_per_s": 450000000000,
      "gpus": 4,
      "step_seconds": 0.1980611657,
      "tokens_per_second": 41360.96024,
      "speedup": 4.884132172,
      "efficiency": 1.221033043,
      "fits": true
    },
    {
      "link": "pcie5-host",
      "link_kind": "pcie-host",
      "link_bw_bytes_per_s": 63000000000,
      "gpus": 1,
      "step_seconds": 0.2418392279,
      "tokens_per_second": 8468.435904,
      "speedup": 1.0,
      "efficiency": 1.0,
      "fits": false
    },
    {
      "link": "pcie5-host",
      "link_kind": "pcie-host",
      "link_bw_bytes_per_s": 63000000000,
      "gpus": 2,
      "step_seconds": 0.990235059,
      "tokens_per_second": 4136.39162,
      "speedup": 0.4884481228,
      "efficiency": 0.2442240614,
      "fits": true
    },
    {
      "link": "pcie5-host",
      "link_kind": "pcie-host",
      "link_bw_bytes_per_s": 63000000000,
      "gpus": 4,
      "step_seconds": 1.462566281,
      "tokens_per_second": 5601.113675,
      "speedup": 0.6614106476,
      "efficiency": 0.1653526619,
      "fits": true
    }
  ]
}
--- stderr
