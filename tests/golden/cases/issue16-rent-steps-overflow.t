args: rent --model 8B --steps 1e18
rc: 2
--- stdout
--- stderr
vfplan: --steps 1e18 makes 6.55e+22 tokens to train on: more than the 1e+18 limit
