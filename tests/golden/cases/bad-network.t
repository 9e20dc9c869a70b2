args: --model 8B --gpus 8xH100 --nodes 2 --network 8xib-nd
rc: 0
--- stdout
--- stderr
