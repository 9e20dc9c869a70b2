args: --model 8B --gpus 8xH100 --optimizer adamw-8bit --optimizer-states bf16
rc: 2
--- stdout
--- stderr
vfplan: --optimizer-states bf16 applies to adamw, sgd, lion and muon (the quantised and factored optimizers set their own)
