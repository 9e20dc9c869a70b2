args: --model 8B --gpus 8xH100-SXM --power-limit 150
rc: 2
--- stdout
--- stderr
vfplan: --power-limit 150 W is outside the H100-SXM's settable range, 200 to 700 W (nvidia-smi -q: Min Power Limit to its TDP)
