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
      "step_seconds": 0.2747103658,
      "tokens_per_second": 7455.124579,
      "speedup": 1.0,
      "efficiency": 1.0,
      "fits": false
    },
    {
      "link": "nvlink4-switch",
      "link_kind": "nvlink",
      "link_bw_bytes_per_s": 450000000000,
      "gpus": 2,
      "step_seconds": 0.245522156,
      "tokens_per_second": 16682.81212,
      "speedup": 2.237764365,
      "efficiency": 1.118882183,
      "fits": false
    },
    {
      "link": "nvlink4-switch",
      "link_kind": "nvlink",
      "link_bw_bytes_per_s": 450000000000,
      "gpus": 4,
      "step_seconds": 0.2309323036,
      "tokens_per_second": 35473.59928,
      "speedup": 4.758283904,
      "efficiency": 1.189570976,
      "fits": true
    },
    {
      "link": "pcie5-host",
      "link_kind": "pcie-host",
      "link_bw_bytes_per_s": 63000000000,
      "gpus": 1,
      "step_seconds": 0.2747103658,
      "tokens_per_second": 7455.124579,
      "speedup": 1.0,
      "efficiency": 1.0,
      "fits": false
    },
    {
      "link": "pcie5-host",
      "link_kind": "pcie-host",
      "link_bw_bytes_per_s": 63000000000,
      "gpus": 2,
      "step_seconds": 0.9964477041,
      "tokens_per_second": 4110.602075,
      "speedup": 0.5513793944,
      "efficiency": 0.2756896972,
      "fits": false
    },
    {
      "link": "pcie5-host",
      "link_kind": "pcie-host",
      "link_bw_bytes_per_s": 63000000000,
      "gpus": 4,
      "step_seconds": 1.468778927,
      "tokens_per_second": 5577.42207,
      "speedup": 0.748132645,
      "efficiency": 0.1870331612,
      "fits": true
    }
  ]
}
--- stderr
