args: --model 8B --gpus 4xH100
env: XDG_CONFIG_HOME=tests/data/config/bad
rc: 2
--- stdout
--- stderr
vfplan: tests/data/config/bad/vfplan/config.yaml:2:1: unknown key 'unit' (did you mean 'units'?); it takes currency, units, data, offers (--no-config ignores the file)
