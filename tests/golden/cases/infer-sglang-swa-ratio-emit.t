args: infer --model gpt-oss-120b --gpus 1xH100 --engine sglang --swa-full-tokens-ratio 0.5 --emit
rc: 0
--- stdout
python -m sglang.launch_server --model-path openai/gpt-oss-120b --tp-size 1 --context-length 8192 --mem-fraction-static 0.83 --swa-full-tokens-ratio 0.5
--- stderr
vfplan: note: mxfp4 weights, the checkpoint's own (its quantization_config; --quant to choose)
