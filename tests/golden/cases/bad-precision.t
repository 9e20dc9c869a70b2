args: --model 8B --gpus 4xH100 --precision fp4
rc: 2
--- stdout
--- stderr
vfplan: unknown precision 'fp4' (did you mean 'fp8'?); expected bf16-mixed, fp16-mixed, bf16, fp32 or fp8-mixed
