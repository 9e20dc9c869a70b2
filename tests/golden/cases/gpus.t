args: gpus
rc: 0
--- stdout
--- stderr
