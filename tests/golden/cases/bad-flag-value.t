args: --model 8B --gpus 4xH100 --qlora=yes
rc: 2
--- stdout
--- stderr
vfplan: option '--qlora' takes no value
