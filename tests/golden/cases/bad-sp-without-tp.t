args: --model 8B --gpus 4xH100 --sp
rc: 2
--- stdout
--- stderr
vfplan: sequence parallelism (--sp) needs --tp > 1
