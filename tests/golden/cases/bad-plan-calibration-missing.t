args: --model 8B --gpus 4xH100 --calibration /nonexistent.yaml
rc: 2
--- stdout
--- stderr
vfplan: /nonexistent.yaml: cannot open: No such file or directory
