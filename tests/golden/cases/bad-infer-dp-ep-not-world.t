args: infer --model deepseek-v3 --gpus 8xH200 --engine sglang --dp 8 --ep 4
rc: 2
--- stdout
--- stderr
vfplan: with --dp 8 the experts span all dp x tp = 8 GPUs: --ep 4 is not 8 (fp8: the checkpoint's own; --quant to choose)
