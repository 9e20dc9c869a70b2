args: --model 8B --gpus 4xH100 --link nvlink9
rc: 2
--- stdout
--- stderr
vfplan: unknown link 'nvlink9'; links: nvlink3-switch, nvlink4-switch, nvlink5-switch, nvlink3-bridge-ga102, nvlink3-bridge-a100, nvlink4-bridge, nvlink4-bridge-h200nvl, nvlink2-cube-mesh, nvlink4-h800, pcie3-host, pcie3-p2p, pcie4-p2p, pcie5-p2p, pcie4-host, pcie5-host, cpu-cross, xgmi, nvlink4-gh200, nvlink5-nvl72
