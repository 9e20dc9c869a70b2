args: offers --offers tests/data/crashes-2/yaml-deep-flow-64k.yaml
rc: 2
--- stdout
--- stderr
vfplan: tests/data/crashes-2/yaml-deep-flow-64k.yaml:1:73: nesting deeper than 64 levels
