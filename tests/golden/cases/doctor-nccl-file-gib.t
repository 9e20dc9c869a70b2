args: doctor --from tests/data/doctor/cases/cli-4x5090-nccl --model 1B --gpus 4xRTX5090 --units GiB --tokens 1e9
rc: 0
--- stdout
unknown

not checked:
  driver       smi-q.xml: not given

the plan, as given (not re-run on this machine: too little was read):
  GPUs               4xRTX5090
  link               pcie5-host
  fits               yes
  peak memory/GPU    9.8 of 31.0 GiB
  step time          0.199 s
  tokens/s           41,106
  price              2.776 EUR/h
  cost of the run    19.221 EUR

communication: 25.4 GiB/s bus bandwidth (all-reduce of 0.12 GiB on 4 GPUs), 43% of the 58.7 GiB/s the plan assumed (pcie5-host, per GPU per direction)
--- stderr
