args: doctor --from tests/data/doctor/cases/cli-hgx-h100-nv18 --nccl tests/data/calibration/nccl-tests-all_reduce-2x4xGH200-indented.txt
rc: 0
--- stdout
unknown

not checked:
  driver       smi-q.xml: not given

no plan given: the machine alone was checked (add the plan's options, e.g. --model 8B --gpus 8xH100)

communication: 122.6 GB/s bus bandwidth (all-reduce of 0.13 GB on 8 GPUs); no plan to compare with (give its options)
--- stderr
