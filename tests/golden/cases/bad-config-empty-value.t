args: --model 8B --gpus 1xH100
env: XDG_CONFIG_HOME=tests/data/crashes-2/config-empty-value
rc: 2
--- stdout
--- stderr
