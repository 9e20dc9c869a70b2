args: --model tests/data/crashes-2/yaml-deep-flow-64k.yaml --gpus 1xH100
rc: 2
--- stdout
--- stderr
vfplan: tests/data/crashes-2/yaml-deep-flow-64k.yaml:1:73: nesting deeper than 64 levels
