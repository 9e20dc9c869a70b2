args: --model 8B --gpus 8xA100-80 --power-limit 450W
rc: 2
--- stdout
--- stderr
vfplan: --power-limit 450 W is outside the A100-80's settable range, 120 to 400 W (nvidia-smi -q: Min Power Limit, assumed 30 % of TDP, to its TDP)
