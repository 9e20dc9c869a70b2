args: --model 1B --gpus 1xGTX1080
rc: 2
--- stdout
--- stderr
vfplan: unknown GPU 'GTX1080' (did you mean 'GTX1080TI'?); 'vfplan gpus' lists them
