args: models --yaml tests/data/hf/bad-json.json
rc: 2
--- stdout
--- stderr
vfplan: tests/data/hf/bad-json.json:9:16: premature end of input near '"num_hidden_la'
