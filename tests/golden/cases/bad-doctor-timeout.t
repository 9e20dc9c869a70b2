args: doctor --timeout 0
rc: 2
--- stdout
--- stderr
vfplan: --timeout must be a positive number up to 3600 (e.g. 20), not '0'
