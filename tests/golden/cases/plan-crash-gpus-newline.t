args: --model 8B --gpus $'4xH1\n00'
rc: 2
--- stdout
--- stderr
vfplan: unknown GPU 'H1\n00' (did you mean 'H100'?); 'vfplan gpus' lists them
