args: doctor --from tests/data/doctor/cases/cli-hgx-h100-nv18
rc: 0
--- stdout
no problem found (no plan given): 0 x GPU; 16 of 18 checks skipped (no nvidia-smi -q: the GPUs unchecked)

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

no plan given: the machine alone was checked (add the plan's options, e.g. --model 8B --gpus 8xH100)
--- stderr
