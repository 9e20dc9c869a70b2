args: --model 8B --gpus 1xH100
env: XDG_CONFIG_HOME=tests/data/crashes-2/config-duplicate-key
rc: 2
--- stdout
--- stderr
vfplan: tests/data/crashes-2/config-duplicate-key/vfplan/config.yaml:3:1: 'currency' is given twice (first on line 1) (--no-config ignores the file)
