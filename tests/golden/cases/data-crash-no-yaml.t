args: --data tests/data/crashes/no-yaml --model 8B --gpus 1xH100
rc: 2
--- stdout
--- stderr
vfplan: no 'defaults' record found in the data's hwdb/ directory (the embedded data has one: leave out --data, or copy hwdb/defaults.yaml from the source tree)
