args: --model llama-3.1-8b --gpus 8xMI355X --precision nvfp4
rc: 2
--- stdout
--- stderr
vfplan: nvfp4 needs Blackwell's block-scaled tensor cores (compute capability 10.0+: B200, B300, GB200, GB300, RTX 50 series, RTX PRO 6000 Blackwell); the MI355X has none (its FP4 is MXFP4, not NVFP4): use mxfp8
