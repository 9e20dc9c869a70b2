args: doctor --gpus 8xH100 --from tests/data/doctor/cases/cli-hgx-h100-nv18
rc: 2
--- stdout
--- stderr
vfplan: --gpus or --offer without --model: give the plan's model too, or neither
