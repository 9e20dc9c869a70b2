args: infer --model qwen3-32b --gpus 2xL40S --engine sglang --quant fp8 --kv-fp8 --emit
rc: 0
--- stdout
python -m sglang.launch_server --model-path Qwen/Qwen3-32B --tp-size 2 --context-length 8192 --mem-fraction-static 0.84 --kv-cache-dtype fp8_e5m2 --quantization fp8
--- stderr
