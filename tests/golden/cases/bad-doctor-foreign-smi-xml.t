args: doctor --from tests/data/doctor/bad/topo-saved-as-smi-xml
rc: 2
--- stdout
--- stderr
vfplan: tests/data/doctor/bad/topo-saved-as-smi-xml/smi-q.xml:1:1: not the XML nvidia-smi -q -x prints: it begins "# 2 x RTX 3090 with an NVLink bridge (NV4), one socket, `nvi"
