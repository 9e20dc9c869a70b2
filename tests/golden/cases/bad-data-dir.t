args: --data /nonexistent --model 8B --gpus 4xH100
rc: 2
--- stdout
--- stderr
vfplan: cannot read directory /nonexistent/models: No such file or directory
