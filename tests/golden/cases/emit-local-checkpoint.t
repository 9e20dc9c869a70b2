args: infer --model tests/data/hf/checkpoint-llava-1.5-7b/config.json --gpus 1xH100 --emit
rc: 0
--- stdout
vllm serve tests/data/hf/checkpoint-llava-1.5-7b --tensor-parallel-size 1 --max-model-len 4096 --gpu-memory-utilization 0.92 --max-num-seqs 1024
--- stderr
