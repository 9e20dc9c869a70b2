args: doctor --from tests/data/doctor/cases/cli-hgx-h100-nv18 --model 8B --gpus 8xH100 --strategy zero3 --json
rc: 0
--- stdout
{
  "schema": 1,
  "verdict": "unknown",
  "headline": "unknown",
  "checks": [
    {
      "id": "driver",
      "level": "skipped",
      "found": "",
      "expected": "",
      "message": "smi-q.xml: not given",
      "fix": "",
      "source": ""
    }
  ]
}
--- stderr
