args: --version
rc: 0
--- stdout
--- stderr
