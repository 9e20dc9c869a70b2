args: --model 8B --gpus 8xH100 --strategy zero1 --param-sync-overlap maybe
rc: 2
--- stdout
--- stderr
vfplan: --param-sync-overlap takes yes or no, not 'maybe'
