args: --model 8B --gpus 4xH20X
rc: 2
--- stdout
--- stderr
vfplan: unknown GPU 'H20X' (did you mean 'H20'?); alike: H200, H200-NVL, H20, H20-141; 'vfplan gpus' lists them
