args: --model 8B --gpus 1xA100-80 --precision fp8-mixed
rc: 2
--- stdout
--- stderr
vfplan: fp8-mixed needs FP8 tensor cores (Ada, Hopper, Blackwell, MI300); the A100-80 has none: use bf16-mixed
