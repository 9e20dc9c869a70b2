args: launch --emit torchtune --model llama-3.1-8b --gpus 4xH100 --strategy zero3
rc: 2
--- stdout
--- stderr
vfplan: torchtune trains in bf16 without fp32 master weights (dtype: bf16) or in fp32: plan --precision bf16 for what it runs
