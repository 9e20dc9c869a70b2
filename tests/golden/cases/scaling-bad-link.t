args: scaling --model 8B --gpu H100 --links nvlink4-switch,pcie5-hots
rc: 2
--- stdout
--- stderr
vfplan: unknown link 'pcie5-hots' (did you mean 'pcie5-host'?); links: nvlink3-switch, nvlink4-switch, nvlink5-switch, nvlink3-bridge-ga102, nvlink3-bridge-a100, nvlink4-bridge, nvlink4-bridge-h200nvl, nvlink2-cube-mesh, nvlink4-h800, pcie3-host, pcie3-p2p, pcie4-p2p, pcie5-p2p, pcie4-host, pcie5-host, cpu-cross, xgmi, ...
