args: engines --engine nosuch
rc: 2
--- stdout
--- stderr
vfplan: --engine nosuch: no records (vfplan engines lists them)
