args: pipelines --data tests/data/bad/image-component
rc: 2
--- stdout
--- stderr
vfplan: tests/data/bad/image-component/models/x.yaml:5:5: image component 'd' needs layers, hidden, heads and in_channels to be counted
