args: --data @TESTS@/data/bad/broken-yaml --model 8B --gpus 4xH100
rc: 0
--- stdout
--- stderr
