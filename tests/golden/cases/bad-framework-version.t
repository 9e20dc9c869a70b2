args: --model 8B --gpus 4xH100 --framework torchtitan@2025.x
rc: 2
--- stdout
--- stderr
vfplan: framework version '2025.x' is not a version like 1.6.0 or 2025.04 (torchtitan's first known: 2024.01.10)
