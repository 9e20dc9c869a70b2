args: --model 8B --gpus 8xH100 --nodes 2 --network 8xib-nd
rc: 2
--- stdout
--- stderr
vfplan: unknown network '8xib-nd' (did you mean 'ib-ndr'?): a name 'vfplan networks' lists (ib-ndr, roce-100 ...), NICs per node of one (8xib-ndr), or a speed (4x100G per NIC, 400Gbps per node)
