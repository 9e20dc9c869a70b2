args: doctor --from tests/data/doctor/cases/cli-8x4090-sys-for-h100-plan --model 8B --gpus 8xH100 --strategy zero3 --exit-code
rc: 0
--- stdout
unknown

not checked:
  driver       smi-q.xml: not given

the plan, as given (not re-run on this machine: too little was read):
  GPUs               8xH100-SXM
  link               nvlink4-switch
  fits               yes
  peak memory/GPU    35.7 of 84.4 GB
  step time          0.22 s
  tokens/s           74,368
  price              25.35 EUR/h
--- stderr
