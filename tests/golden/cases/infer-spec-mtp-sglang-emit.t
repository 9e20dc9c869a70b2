args: infer --model deepseek-v3 --gpus 8xH200 --engine sglang --spec-method mtp --emit
rc: 0
--- stdout
python -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp-size 8 --context-length 8192 --mem-fraction-static 0.886 --speculative-algorithm NEXTN --speculative-num-steps 1 --speculative-eagle-topk 1 --speculative-num-draft-tokens 2
--- stderr
vfplan: note: fp8 weights, the checkpoint's own (its quantization_config; --quant to choose)
