args: doctor --model 8B --from tests/data/doctor/cases/cli-hgx-h100-nv18
rc: 2
--- stdout
--- stderr
vfplan: missing --gpus (e.g. --gpus 8xH100) or --offer ID: the GPUs the plan rented
