args: models --json
rc: 0
--- stdout
--- stderr
