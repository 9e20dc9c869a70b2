args: rent --model 8B --tokens 1e8 --interruptible maybe
rc: 2
--- stdout
--- stderr
vfplan: --interruptible is yes, no or only, not 'maybe'
