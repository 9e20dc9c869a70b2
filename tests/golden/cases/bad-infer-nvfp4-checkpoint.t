args: infer --model tests/data/checkpoint/tiny-llama-nvfp4 --gpus 1xH100
rc: 2
--- stdout
--- stderr
vfplan: H100-SXM has no FP4 tensor cores: nvfp4 needs a Blackwell GPU (B200, GB200, GB300, B300, GB10, JETSON-THOR, RTX5090, RTX5080, RTX5070TI, RTX5060TI, RTX5060TI-8GB, RTX-PRO-6000, RTX-PRO-6000-SERVER, RTX-PRO-6000-MAXQ) (nvfp4: the checkpoint's own; --quant to choose)
