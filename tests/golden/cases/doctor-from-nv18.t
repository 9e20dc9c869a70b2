args: doctor --from tests/data/doctor/cases/cli-hgx-h100-nv18 --model 8B --gpus 8xH100 --strategy zero3
rc: 0
--- stdout
matches the plan: 8xH100-SXM, NV18 between GPUs, 0.22 s a step as planned; 16 of 18 checks skipped (no nvidia-smi -q: the GPUs unchecked)

checks:
  ok      nvlink       NVLink between every pair
  ok      p2p          every pair over NVLink

not checked:
  gpu_count    nvidia-smi -q: not given (smi-q.xml or smi-q.txt)
  gpu_model    nvidia-smi -q: not given (smi-q.xml or smi-q.txt)
  gpu_memory   nvidia-smi -q: not given (smi-q.xml or smi-q.txt)
  mig          nvidia-smi -q: not given (smi-q.xml or smi-q.txt)
  ecc          nvidia-smi -q: not given (smi-q.xml or smi-q.txt)
  persistence  nvidia-smi -q: not given (smi-q.xml or smi-q.txt)
  throttle     nvidia-smi -q: not given (smi-q.xml or smi-q.txt)
  fabric       nvidia-smi -q: not given (smi-q.xml or smi-q.txt)
  power        nvidia-smi -q: not given (smi-q.xml or smi-q.txt)
  driver       nvidia-smi -q: not given (smi-q.xml or smi-q.txt)
  pcie         nvidia-smi -q: not given (smi-q.xml or smi-q.txt)
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
