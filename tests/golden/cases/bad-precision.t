args: --model 8B --gpus 4xH100 --precision fp8
rc: 2
--- stdout
--- stderr
vfplan: unknown precision 'fp8' (did you mean 'fp32'?); expected bf16-mixed, fp16-mixed, bf16 or fp32
