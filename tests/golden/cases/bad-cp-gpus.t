args: --model llama-3.1-8b --gpus 8xH100 --seq 65536 --cp 3
rc: 2
--- stdout
--- stderr
vfplan: tp (1) x pp (1) x cp (3) must divide the 8 GPUs
