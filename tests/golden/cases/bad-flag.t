args: --model 8B --gpus 4xH100 --stratgy zero3
rc: 0
--- stdout
--- stderr
