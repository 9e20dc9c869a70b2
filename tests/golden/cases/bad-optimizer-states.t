args: --model 8B --gpus 8xH100 --optimizer-states bf17
rc: 2
--- stdout
--- stderr
vfplan: unknown optimizer states 'bf17' (did you mean 'bf16'?); expected fp32 or bf16
