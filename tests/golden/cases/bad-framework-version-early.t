args: --model 8B --gpus 4xH100 --framework torchtitan@2023.06
rc: 2
--- stdout
--- stderr
vfplan: torchtitan 2023.06 is before its first known version, 2024.01.10; did you mean torchtitan@2024.01.10?
