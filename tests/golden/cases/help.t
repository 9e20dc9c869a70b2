args: --help
rc: 0
--- stdout
--- stderr
