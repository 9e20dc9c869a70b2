args: calibrate from-run --model 8B --gpus 4xH100 --step-seconds nan -o /tmp/vfplan-x.yaml
rc: 2
--- stdout
--- stderr
vfplan: --step-seconds must be a positive number up to 1e+09, not 'nan'
