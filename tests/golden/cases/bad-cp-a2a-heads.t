args: --model llama-3.1-8b --gpus 8xH100 --nodes 2 --seq 65536 --cp 16 --cp-impl a2a
rc: 2
--- stdout
--- stderr
vfplan: --cp-impl a2a splits the heads: cp (16) x tp (1) must divide the 32 query and 8 key/value heads; use --cp-impl ring
