args: doctor --from tests/data/doctor/cases/cli-4x5090-nccl --model 1B --gpus 4xRTX5090 --units GiB --tokens 1e9
rc: 0
--- stdout
matches the plan: 4xRTX5090, 0.20 s a step as planned; worth knowing: p2p; 16 of 18 checks skipped (no nvidia-smi -q: the GPUs unchecked)

checks:
  note    p2p          no P2P between PCIe peers (the GPU's record)
                        RTX5090: NCCL on cards without P2P can hang trying it; with P2P off it stages through host memory, as the plan assumed (nccl.txt's test ran through: set it if the job hangs)
                        fix: NCCL_P2P_DISABLE=1 in the job's environment
  ok      nccl         27 GB/s bus bandwidth at 128 MiB, 4 GPUs  (plan: 25 GB/s (pcie5-host))

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
  host_ram     meminfo.txt: not given
  disk         df-work.txt: not given
  shm          df-shm.txt: not given
  cpus         nproc.txt: not given

the plan:
                     as given               on this machine
  GPUs               4xRTX5090              4xRTX5090
  link               pcie5-host             pcie5-host
  fits               yes                    yes
  peak memory/GPU    9.8 of 31.0 GiB        9.8 of 31.0 GiB
  step time          0.199 s                0.199 s
  tokens/s           41,106                 41,106
  price              2.776 EUR/h            2.776 EUR/h
  cost of the run    19.221 EUR             19.221 EUR

the plan on this machine: your plan's options and --gpus 4xRTX5090 --price 0.6939 --currency EUR

communication: 25.4 GiB/s bus bandwidth (all-reduce of 0.12 GiB on 4 GPUs), 43% of the 58.7 GiB/s the plan assumed (pcie5-host, per GPU per direction)
--- stderr
