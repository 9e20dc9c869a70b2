args: calibrate from-run --model 8B --gpus 4xH100 --step-seconds 1 --peak-kind used -o /tmp/vfplan-x.yaml
rc: 2
--- stdout
--- stderr
vfplan: --peak-kind is reserved or allocated, not 'used'
