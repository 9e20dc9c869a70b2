args: infer --model deepseek-v3 --gpus 8xH200 --engine vllm --dp 4 --tp 4
rc: 2
--- stdout
--- stderr
vfplan: vllm runs DP x TP GPUs: 4 x 4 is not the 8 GPUs given (fp8: the checkpoint's own; --quant to choose)
