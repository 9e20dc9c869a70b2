args: doctor --model 8B --gpus 8xH1000 --from tests/data/doctor/cases/cli-hgx-h100-nv18
rc: 2
--- stdout
--- stderr
vfplan: unknown GPU 'H1000' (did you mean 'H100'?); alike: H100-SXM, H100-SXM-96, H100-PCIE, H100-NVL; 'vfplan gpus' lists them
