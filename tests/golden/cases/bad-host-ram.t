args: --model 8B --gpus 4xH100 --host-ram lots
rc: 2
--- stdout
--- stderr
vfplan: bad size 'lots' (expected e.g. 2GB or 1.5GiB)
