args: --model tests/data/hf/broken-missing-hidden.json --gpus 4xH100
rc: 2
--- stdout
--- stderr
vfplan: tests/data/hf/broken-missing-hidden.json: missing required key 'hidden_size'
