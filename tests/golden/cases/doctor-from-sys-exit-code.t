args: doctor --from tests/data/doctor/cases/cli-8x4090-sys-for-h100-plan --model 8B --gpus 8xH100 --strategy zero3 --exit-code
rc: 4
--- stdout
stop it now: the plan's collectives run over nvlink4-switch (450 GB/s a GPU); this pair talks over PCIe, and a ring runs at its slowest pair; kept, on this machine a step takes 2.26 s, not 0.22 s (+926 %), 0.971 EUR per million tokens, not 0.095; stopping now costs the 15-minute minimum, 6.34 EUR

checks:
  stop    nvlink       GPU0-GPU1: SYS (a PCIe path)  (plan: 18 links up per GPU)
                        the plan's collectives run over nvlink4-switch (450 GB/s a GPU); this pair talks over PCIe, and a ring runs at its slowest pair
                        fix: give it back and ask the provider for a board whose NVLink links are all up (nvidia-smi nvlink --status)
  ok      p2p          P2P works

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
  link               nvlink4-switch         topo-sys
  fits               yes                    yes
  peak memory/GPU    35.7 of 84.4 GB        35.7 of 84.4 GB
  step time          0.22 s                 2.26 s
  tokens/s           74,368                 7,249
  price              25.35 EUR/h            25.35 EUR/h

the plan on this machine: your plan's options and --gpus 8xH100-SXM --topo topo.txt --price 3.169 --currency EUR
--- stderr
