args: doctor --from tests/data/doctor/bad/topo-saved-as-smi-xml
rc: 2
--- stdout
--- stderr
vfplan: tests/data/doctor/bad/topo-saved-as-smi-xml/smi-q.xml: not read yet
