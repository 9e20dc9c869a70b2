args: --model qwen3-30b-a3b --gpus 8xH100 --ep 8 --moe-dispatcher foo
rc: 2
--- stdout
--- stderr
vfplan: unknown MoE dispatcher 'foo'; expected alltoall, deepep or allgather
