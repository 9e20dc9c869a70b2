args: plna --model 8B
rc: 0
--- stdout
--- stderr
