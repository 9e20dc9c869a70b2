args: --model 8B --gpus 4xV100
rc: 2
--- stdout
--- stderr
vfplan: unknown GPU 'V100' (did you mean V100-SXM2-16GB, V100-SXM2-32GB, V100-PCIE-16GB or V100-PCIE-32GB?); 'vfplan gpus' lists them
