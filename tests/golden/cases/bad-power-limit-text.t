args: --model 8B --gpus 8xH100-SXM --power-limit watts
rc: 2
--- stdout
--- stderr
vfplan: --power-limit must be a positive number up to 100000 (e.g. 500 or 500W), not 'watts'
