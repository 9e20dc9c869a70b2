args: --data tests/data/bad/broken-yaml --strategy zero3
rc: 2
--- stdout
--- stderr
vfplan: tests/data/bad/broken-yaml/models/broken.yaml:10:4: did not find expected '-' indicator while parsing a block collection
