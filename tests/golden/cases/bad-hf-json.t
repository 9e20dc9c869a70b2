args: --model @TESTS@/data/hf/bad-json.json --gpus 4xH100
rc: 0
--- stdout
--- stderr
