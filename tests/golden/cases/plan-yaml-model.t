args: --model @TESTS@/data/models/tiny-moe.yaml --gpus 1xRTX3060
rc: 0
--- stdout
--- stderr
