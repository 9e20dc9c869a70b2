args: infer --model tests/data/checkpoint/tiny-llama-nvfp4 --gpus 1xH100
rc: 2
--- stdout
--- stderr
vfplan: tiny-llama-nvfp4: its quantization config's method 'modelopt NVFP4' is not one vfplan serves; choose a quantisation (--quant, or the request's "quant": bf16, fp16, fp8, int8, awq4, gptq4, mxfp4)
