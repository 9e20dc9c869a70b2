args: -V
rc: 0
--- stdout
vfplan 0.1.0
--- stderr
