args: doctor --from tests/data/doctor/bad/binary-smi-with-topo --model 8B --gpus 8xH100 --strategy zero3
rc: 0
--- stdout
matches the plan: 8xH100-SXM, NV18 between GPUs, 0.22 s a step as planned; 16 of 18 checks skipped (nvidia-smi -q could not be read: the GPUs unchecked)

checks:
  ok      nvlink       NVLink between every pair
  ok      p2p          every pair over NVLink

not checked:
  gpu_count    tests/data/doctor/bad/binary-smi-with-topo/smi-q.xml: a NUL byte: not the text nvidia-smi -q -x prints
  gpu_model    tests/data/doctor/bad/binary-smi-with-topo/smi-q.xml: a NUL byte: not the text nvidia-smi -q -x prints
  gpu_memory   tests/data/doctor/bad/binary-smi-with-topo/smi-q.xml: a NUL byte: not the text nvidia-smi -q -x prints
  mig          tests/data/doctor/bad/binary-smi-with-topo/smi-q.xml: a NUL byte: not the text nvidia-smi -q -x prints
  ecc          tests/data/doctor/bad/binary-smi-with-topo/smi-q.xml: a NUL byte: not the text nvidia-smi -q -x prints
  persistence  tests/data/doctor/bad/binary-smi-with-topo/smi-q.xml: a NUL byte: not the text nvidia-smi -q -x prints
  throttle     tests/data/doctor/bad/binary-smi-with-topo/smi-q.xml: a NUL byte: not the text nvidia-smi -q -x prints
  fabric       tests/data/doctor/bad/binary-smi-with-topo/smi-q.xml: a NUL byte: not the text nvidia-smi -q -x prints
  power        tests/data/doctor/bad/binary-smi-with-topo/smi-q.xml: a NUL byte: not the text nvidia-smi -q -x prints
  driver       tests/data/doctor/bad/binary-smi-with-topo/smi-q.xml: a NUL byte: not the text nvidia-smi -q -x prints
  pcie         tests/data/doctor/bad/binary-smi-with-topo/smi-q.xml: a NUL byte: not the text nvidia-smi -q -x prints
  nccl         nccl.txt: not given
  host_ram     meminfo.txt: not given
  disk         df-work.txt: not given
  shm          df-shm.txt: not given
  cpus         nproc.txt: not given

the plan:
                     as given               on this machine
  GPUs               8xH100-SXM             8xH100-SXM
  link               nvlink4-switch         topo-nv18
  fits               yes                    yes
  peak memory/GPU    35.7 of 84.4 GB        35.7 of 84.4 GB
  step time          0.22 s                 0.22 s
  tokens/s           74,368                 74,368
  price              25.35 EUR/h            25.35 EUR/h

the plan on this machine: your plan's options and --gpus 8xH100-SXM --topo topo.txt --price 3.169 --currency EUR
--- stderr
