args: infer --model llama-3.1-8b --gpus 1xH100 --spec-method eagle3 --spec-model yuhuili/EAGLE3-LLaMA3.1-Instruct-8B --spec-tokens 3 --emit
rc: 0
--- stdout
vllm serve meta-llama/Llama-3.1-8B --tensor-parallel-size 1 --max-model-len 8192 --gpu-memory-utilization 0.92 --max-num-seqs 1024 --speculative-config '{"method":"eagle3","model":"yuhuili/EAGLE3-LLaMA3.1-Instruct-8B","num_speculative_tokens":3}'
--- stderr
