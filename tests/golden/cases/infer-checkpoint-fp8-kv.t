args: infer --model tests/data/checkpoint/tiny-llama-fp8-mtp --gpus 1xH100
rc: 0
--- stdout
Model     tiny-llama-fp8-mtp: 0.0001068 B parameters (0.0001068 B active), fp8 at 10.5 bits per weight = 0.00 GB
Machine   1 GPU, link nvlink4-switch; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H100-SXM              2     0.00     76.47      1.75     78.23 / 78.23
KV cache  128 bytes per token; room for 597,452,240 tokens: 291724 sequences of 2048 (291724.73x), one sequence up to 2048
Verdict   FITS
Speed     prefill 2153458778 tokens/s; decode 8320.9 tokens/s per sequence, 8320.9 in all at concurrency 1; first token after 0.00 s (a 2048-token prompt)
Cost      3.169 EUR/h (reference: the catalog's median): 0.1058 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 79.19 GiB PyTorch sees; a profile run of 8192 tokens and a sampler over 1024 sequences; 37340765 blocks of 16 tokens in 1 group
--- stderr
vfplan: note: fp8 weights, the checkpoint's own (its quantization_config; --quant to choose)
vfplan: note: an FP8 KV cache, the checkpoint's own (its ModelOpt kv_cache_quant_algo, which vLLM's --kv-cache-dtype auto takes)
