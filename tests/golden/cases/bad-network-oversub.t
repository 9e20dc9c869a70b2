args: --model 8B --gpus 8xH100 --nodes 2 --network ib-ndr@3
rc: 2
--- stdout
--- stderr
vfplan: network 'ib-ndr@3': after '@' give the oversubscription above a rack and optionally the nodes a rack, e.g. ib-ndr@2:1 or ib-ndr@2:1/16
