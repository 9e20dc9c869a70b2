args: doctor --from tests/data/doctor/fake-tools
rc: 2
--- stdout
--- stderr
vfplan: --from tests/data/doctor/fake-tools: none of the doctor's files is there (smi-q.xml, smi-q.txt, topo.txt, nvlink.txt, df-shm.txt, df-work.txt, meminfo.txt, nproc.txt, nccl.txt, cgroup.txt; 'vfplan doctor --help' names the command of each)
