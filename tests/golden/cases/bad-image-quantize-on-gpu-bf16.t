args: image --model flux.1-dev --gpus 1xH100-SXM --quantize-on-gpu --placement single
rc: 2
--- stdout
--- stderr
vfplan: quantize_on_gpu is torchao's quantize_ (or enable_layerwise_casting) after pipe.to("cuda"): --quant fp8-torchao, int8-torchao, fp8dq, fp8dq-row, int8dq or fp8-layerwise, not bf16
