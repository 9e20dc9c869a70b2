args: --model llama-3.1-8b --gpus 2xGB10 --strategy zero3
rc: 2
--- stdout
--- stderr
vfplan: one machine holds 1 GB10: give --gpus 1xGB10 --nodes 2, the machines joined by their network (--network)
