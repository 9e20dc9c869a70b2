args: topo tests/data/topo/nonexistent.txt
rc: 2
--- stdout
--- stderr
vfplan: cannot read tests/data/topo/nonexistent.txt: No such file or directory
