args: doctor --from tests/data/doctor/cases/cli-hgx-h100-nv18 --nccl tests/data/doctor/no-nccl.txt
rc: 2
--- stdout
--- stderr
vfplan: cannot read tests/data/doctor/no-nccl.txt: No such file or directory
