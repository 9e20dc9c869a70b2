args: --model tests/data/crashes/hf-two-line-error.json --gpus 1xH100
rc: 2
--- stdout
--- stderr
vfplan: tests/data/crashes/hf-two-line-error.json:2:1: invalid escape near '"\\n'
