args: --model 8B --gpus 4xH100 --stratgy zero3
rc: 2
--- stdout
--- stderr
vfplan: unknown option '--stratgy' for 'plan' (did you mean '--strategy'?)
