args: plan --help
rc: 0
--- stdout
--- stderr
