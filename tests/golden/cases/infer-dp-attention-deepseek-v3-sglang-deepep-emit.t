args: infer --model deepseek-ai/DeepSeek-R1 --gpus 8xH200 --engine sglang --dp 8 --moe-a2a deepep --concurrency 256 --emit
rc: 0
--- stdout
python -m sglang.launch_server --model-path deepseek-ai/DeepSeek-R1 --tp-size 8 --dp-size 8 --enable-dp-attention --ep-size 8 --moe-a2a-backend deepep --context-length 8192 --mem-fraction-static 0.886
--- stderr
vfplan: note: fp8 weights, the checkpoint's own (its quantization_config; --quant to choose)
