args: --model 8B --gpus 4xH10O --strategy zero3
rc: 2
--- stdout
--- stderr
vfplan: unknown GPU 'H10O' (did you mean 'H100'?); alike: H100-SXM, H100-SXM-96, H100-PCIE, H100-NVL; 'vfplan gpus' lists them
