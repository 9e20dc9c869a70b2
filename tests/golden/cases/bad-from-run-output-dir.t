args: calibrate from-run --model 8B --gpus 4xH100 --step-seconds 0.6 -o tests/data
rc: 2
--- stdout
--- stderr
vfplan: cannot write 'tests/data': Is a directory
