args: --model 8B --gpus 1xH100
env: XDG_CONFIG_HOME=tests/data/crashes-2/deep-config
rc: 2
--- stdout
--- stderr
vfplan: tests/data/crashes-2/deep-config/vfplan/config.yaml:1:75: nesting deeper than 64 levels
