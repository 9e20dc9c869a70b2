args: --model /nonexistent/config.json --gpus 4xH100
rc: 2
--- stdout
--- stderr
vfplan: /nonexistent/config.json: cannot open: No such file or directory
