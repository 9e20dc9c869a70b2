args: --model 125M --gpus 64xL40S --nodes 16384 --grad-accum 1048576 --seq 16777216 --strategy zero3
rc: 2
--- stdout
--- stderr
vfplan: 1099511627776 samples of 16777216 tokens per step: beyond the 1e18 tokens vfplan represents
