args: doctor --from tests/data/doctor/no-such-folder --model 8B --gpus 8xH100
rc: 2
--- stdout
--- stderr
vfplan: --from tests/data/doctor/no-such-folder: no such folder
