args: --model Qwen3-30B-A3B --gpus 6xH100 --tp 2 --ep 2
rc: 2
--- stdout
--- stderr
vfplan: --ep 2 x etp 2 must divide tp x dp = 2 x 3 GPUs of a pipeline stage (Megatron folds the experts over them)
