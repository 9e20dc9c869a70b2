args: --model 8B --gpus 8xRTX5090 --topo tests/data/topo/2x5090-phb.txt
rc: 2
--- stdout
--- stderr
vfplan: the topology shows 2 GPUs, the job uses 8
