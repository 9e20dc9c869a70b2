args: infer --model 8B --gpus 1xH100 --engine sglang --max-num-seqs 4
rc: 2
--- stdout
--- stderr
vfplan: --max-num-seqs is not an option of sglang (vllm takes it)
