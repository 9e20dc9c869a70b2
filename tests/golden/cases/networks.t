args: networks
rc: 0
--- stdout
name           kind               GB/s  source
ib-edr         infiniband         12.5  InfiniBand EDR 4x port
ib-hdr         infiniband         25.0  InfiniBand HDR 4x port
ib-ndr         infiniband         50.0  InfiniBand NDR 4x port
ib-xdr         infiniband        100.0  InfiniBand XDR 4x port
roce-100       roce               12.5  RoCE v2 over 100 GbE
roce-200       roce               25.0  RoCE v2 over 200 GbE
roce-400       roce               50.0  RoCE v2 over 400 GbE
eth-10         ethernet            1.2  10 Gigabit Ethernet
eth-25         ethernet            3.1  25 Gigabit Ethernet
eth-100        ethernet           12.5  100 Gigabit Ethernet

GB/s: per NIC and direction (--network NAME, or NxNAME for several NICs per node).
--- stderr
