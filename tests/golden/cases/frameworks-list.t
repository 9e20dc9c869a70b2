args: frameworks
rc: 0
--- stdout
--- stderr
