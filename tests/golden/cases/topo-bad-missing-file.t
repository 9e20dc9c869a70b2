args: topo --gpu RTX3090
rc: 2
--- stdout
--- stderr
vfplan: missing FILE (saved `nvidia-smi topo -m` output)
