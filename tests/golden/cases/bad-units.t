args: --model 8B --gpus 4xH100 --units gigs
rc: 2
--- stdout
--- stderr
vfplan: unknown units 'gigs': use GB or GiB (did you mean 'GiB'?)
