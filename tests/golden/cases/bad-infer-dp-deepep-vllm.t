args: infer --model deepseek-v3 --gpus 8xH200 --engine vllm --dp 8 --moe-a2a deepep
rc: 2
--- stdout
--- stderr
vfplan: --moe-a2a deepep is SGLang's --moe-a2a-backend deepep, with --dp (fp8: the checkpoint's own; --quant to choose)
