args: --model 8B --gpus 4xH100 --precision fp4
rc: 2
--- stdout
--- stderr
vfplan: unknown precision 'fp4' (did you mean 'nvfp4'?); expected bf16-mixed, fp16-mixed, bf16, fp32, fp8-mixed, mxfp8 or nvfp4
