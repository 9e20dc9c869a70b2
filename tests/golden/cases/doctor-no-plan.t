args: doctor --from tests/data/doctor/cases/cli-hgx-h100-nv18
rc: 0
--- stdout
unknown

not checked:
  driver       smi-q.xml: not given

no plan given: the machine alone was checked (add the plan's options, e.g. --model 8B --gpus 8xH100)
--- stderr
