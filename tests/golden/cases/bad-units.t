args: --model 8B --gpus 4xH100 --units gigs
rc: 0
--- stdout
--- stderr
