args: infer --model 70B --gpus 4xH100 --emit
rc: 0
--- stdout
# MODEL: the Hugging Face id or local directory of 70B's checkpoint (vfplan knows no Hub id for it)
vllm serve MODEL --tensor-parallel-size 4 --max-model-len 8192 --gpu-memory-utilization 0.92 --max-num-seqs 1024
--- stderr
