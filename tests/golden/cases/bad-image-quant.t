args: image --model flux.1-dev --gpus 1xRTX4090 --quant q3
rc: 2
--- stdout
--- stderr
vfplan: unknown image weight format 'q3' (did you mean 'q3_k'?); expected bf16, fp16, fp32, fp8, q8_0, q6_k, q5_k, q4_k, q4_0, nf4, fp8-layerwise, fp8-torchao, fp8-quanto, q4_1, int8-torchao, q5_0, q5_1, q3_k, q2_k, fp8dq, fp8dq-row, int8, int8dq or fp8-fast
