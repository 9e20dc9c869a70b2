args: infer --model llama-3.1-8b --gpus 1xMI355X --quant nvfp4
rc: 2
--- stdout
--- stderr
vfplan: MI355X's FP4 tensor cores run MXFP4 (OCP), not NVFP4: nvfp4 needs an NVIDIA Blackwell GPU (B200, GB200, GB300, B300, GB10, JETSON-THOR, RTX5090, RTX5080, RTX5070TI, RTX5060TI, RTX5060TI-8GB, RTX-PRO-6000, RTX-PRO-6000-SERVER, RTX-PRO-6000-MAXQ)
