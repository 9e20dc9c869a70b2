args: models
rc: 0
--- stdout
--- stderr
