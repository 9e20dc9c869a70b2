args: --model qwen3-30b-a3b --gpus 8xH100 --moe-impl dropless
rc: 2
--- stdout
--- stderr
vfplan: unknown MoE implementation 'dropless'; expected eager, megatron, grouped-mm or capacity
