args: doctor --form tests/data/doctor/cases/cli-hgx-h100-nv18
rc: 2
--- stdout
--- stderr
vfplan: unknown option '--form' for 'doctor' (did you mean '--from'?)
