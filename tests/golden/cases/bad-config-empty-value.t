args: --model 8B --gpus 1xH100
env: XDG_CONFIG_HOME=tests/data/crashes-2/config-empty-value
rc: 2
--- stdout
--- stderr
vfplan: tests/data/crashes-2/config-empty-value/vfplan/config.yaml:1:1: 'currency' needs a value (--no-config ignores the file)
