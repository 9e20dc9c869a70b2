args: infer --model llama-3.1-8b --gpus 1xMI355X --quant nvfp4
rc: 2
--- stdout
--- stderr
vfplan: MI355X's FP4 tensor cores run MXFP4 (OCP), not NVFP4: nvfp4 needs an NVIDIA Blackwell GPU (B200, GB200, B300, RTX5090, RTX5080, RTX5070TI, RTX-PRO-6000)
