args: --model 8B --gpus 2xRTX5090 --tokens 2Tb
rc: 2
--- stdout
--- stderr
vfplan: --tokens must be a positive number up to 1e+18 (e.g. 2e12 or 2T), not '2Tb'
