args: --model @TESTS@/data/hf/broken-missing-hidden.json --gpus 4xH100
rc: 0
--- stdout
--- stderr
