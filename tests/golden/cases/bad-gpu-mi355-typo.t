args: --model 8B --gpus 8xMI355
rc: 2
--- stdout
--- stderr
vfplan: unknown GPU 'MI355' (did you mean 'MI355X'?); 'vfplan gpus' lists them
