args: infer --model llama-3.1-8b --gpus 1xRTX4090 --engine sglang --chunked-prefill-size 0
rc: 2
--- stdout
--- stderr
vfplan: --chunked-prefill-size must be a whole number between 1 and 16777216, not '0'
