args: calibrate from-nccl-tests tests/data/calibration/nccl-tests-all_reduce-2xA6000.txt -o /dev/null --link pcie4-p2p --json
rc: 0
--- stdout
{
  "schema": 1,
  "vfplan_version": "0.1.0",
  "vfplan_commit": "COMMIT",
  "data_date": "2026-11-30",
  "gpu": "A6000",
  "written_to": "/dev/null",
  "lines": [
    {
      "what": "all_reduce x2",
      "result": "alpha 21 us, bus bandwidth 19.84 GB/s",
      "r2": 0.99999021216949524,
      "rms_rel": 0.011981021273146215,
      "points": 6
    }
  ],
  "warnings": []
}
--- stderr
