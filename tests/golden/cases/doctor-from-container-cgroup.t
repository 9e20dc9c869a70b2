args: doctor --from tests/data/doctor/cases/host-container-90gib-offload --model 8B --gpus 1xRTX4090 --strategy zero3 --offload optimizer+params --ckpt full
rc: 0
--- stdout
stop it now: the plan offloads to host RAM and needs 216 GB of it; the container's cgroup limit, where the kernel OOM-kills it, is 97 GB: the first optimizer step runs out of host memory; stopping now costs the 15-minute minimum, 0.08 EUR

checks:
  ok      p2p          -
  stop    host_ram     MemTotal 1082 GB, MemAvailable 902 GB; the container's cgroup limit 97 GB  (plan: 216 GB for the plan (offload), 26 GB (the VRAM) by the guide)
                        the plan offloads to host RAM and needs 216 GB of it; the container's cgroup limit, where the kernel OOM-kills it, is 97 GB: the first optimizer step runs out of host memory
                        fix: ask for an offer whose container gets at least 216 GB of RAM, or re-plan without offload (more GPUs)

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
  nvlink       nvlink.txt: not given
  nccl         nccl.txt: not given
  disk         df-work.txt: not given
  shm          df-shm.txt: not given
  cpus         nproc.txt: not given

the plan:
                     as given               on this machine
  GPUs               1xRTX4090              1xRTX4090
  link               -                      -
  fits               yes                    yes
  peak memory/GPU    8.2 of 24.7 GB         8.2 of 24.7 GB
  step time          23.6 s                 23.6 s
  tokens/s           87                     87
  price              0.3035 EUR/h           0.3035 EUR/h

the plan on this machine: your plan's options and --gpus 1xRTX4090 --host-ram 97GB --price 0.3035 --currency EUR
--- stderr
