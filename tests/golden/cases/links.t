args: links
rc: 0
--- stdout
name               kind           topo        GB/s  source
nvlink3-switch     nvlink         NV12       300.0  NVLink 3
nvlink4-switch     nvlink         NV18       450.0  NVLink 4
nvlink5-switch     nvlink         NV18       900.0  NVLink 5
nvlink3-bridge-ga102 nvlink-bridge  NV4         56.2  NVLink 3 bridge on GA102 boards
nvlink3-bridge-a100 nvlink-bridge  NV12       300.0  NVLink 3 bridge for two A100 PCIe cards with all thre...
nvlink4-bridge     nvlink-bridge  NV12       300.0  NVLink 4 bridge for an H100 NVL / H100 PCIe pair
nvlink4-bridge-h200nvl nvlink-bridge  -          450.0  NVLink 4 bridge for H200 NVL
nvlink2-cube-mesh  nvlink         -          150.0  NVLink 2 on V100 SXM2
nvlink4-h800       nvlink         -          200.0  H800 SXM5
pcie3-host         pcie-host      -           15.8  PCIe 3.0 x16 without peer-to-peer
pcie3-p2p          pcie-p2p       -           15.8  PCIe 3.0 x16
pcie4-p2p          pcie-p2p       -           31.5  PCIe 4.0 x16
pcie5-p2p          pcie-p2p       -           63.0  PCIe 5.0 x16
pcie4-host         pcie-host      -           31.5  No P2P
pcie5-host         pcie-host      -           63.0  No P2P
cpu-cross          cpu-cross      SYS         31.5  Path crossing PCIe and the inter-socket link between ...
xgmi               xgmi           -           64.0  AMD Infinity Fabric
nvlink4-gh200      nvlink         -          450.0  GPU-to-GPU NVLink 4 between GH200 superchips in multi...
xgmi-cdna4         xgmi           -           76.5  AMD Infinity Fabric
nvlink3-a800       nvlink         -          200.0  NVLink 3 on the A800
nvlink5-nvl72      nvlink         -          900.0  NVLink 5 across a GB200 or GB300 NVL72 rack

GB/s: nominal, per GPU and direction; calibration replaces it with what was measured.
--- stderr
