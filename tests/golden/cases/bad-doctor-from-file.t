args: doctor --from tests/data/doctor/README.md
rc: 2
--- stdout
--- stderr
vfplan: --from tests/data/doctor/README.md: not a folder
