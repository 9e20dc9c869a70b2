args: --model 8B --gpus 4xH100 --framework-version 2025.02
rc: 2
--- stdout
--- stderr
vfplan: framework version '2025.02' without a framework: --framework NAME@2025.02
