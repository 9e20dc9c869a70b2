args: --model 8B --gpus 4xH100 --reserve nan
rc: 2
--- stdout
--- stderr
vfplan: bad size 'nan' (expected e.g. 2GB or 1.5GiB)
