args: --version --data tests/data/no-such-dir
rc: 2
--- stdout
--- stderr
vfplan: cannot read directory tests/data/no-such-dir/models: No such file or directory
