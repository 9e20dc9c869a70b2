args: --model llama-3.1-8b --gpus 1xA100-80 --precision nvfp4
rc: 2
--- stdout
--- stderr
vfplan: nvfp4 needs Blackwell's block-scaled tensor cores (compute capability 10.0+: B200, B300, GB200, GB300, RTX 50 series, RTX PRO 6000 Blackwell); the A100-80 has none: use bf16-mixed
