args: offers --filter gpu===H100
rc: 2
--- stdout
--- stderr
vfplan: unknown GPU '=H100' (did you mean 'H100'?); 'vfplan gpus' lists them
