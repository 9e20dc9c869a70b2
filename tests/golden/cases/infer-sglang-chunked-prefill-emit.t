args: infer --model llama-3.1-8b --gpus 1xRTX4090 --engine sglang --chunked-prefill-size 2048 --max-running-requests 4 --emit
rc: 0
--- stdout
python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B --tp-size 1 --context-length 8192 --mem-fraction-static 0.831 --chunked-prefill-size 2048 --max-running-requests 4
--- stderr
