args: doctor --from tests/data/doctor/cases/cli-hgx-h100-nv18 --units GiBs
rc: 2
--- stdout
--- stderr
vfplan: unknown units 'GiBs': use GB or GiB (did you mean 'GiB'?)
