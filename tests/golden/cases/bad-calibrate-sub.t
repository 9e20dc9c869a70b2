args: calibrate frobnicate
rc: 2
--- stdout
--- stderr
vfplan: 'vfplan calibrate' needs fit, from-nccl-tests or from-run, not frobnicate
