args: --model 8B --gpus NaNxH100
rc: 2
--- stdout
--- stderr
vfplan: bad GPU count 'NaN' in 'NaNxH100' (expected a whole number, as in 4xH100)
