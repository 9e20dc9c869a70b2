args: infer --model tests/data/checkpoint/tiny-llama-nvfp4 --gpus 1xRTX5090
rc: 0
--- stdout
Model     tiny-llama-nvfp4: 0.0001068 B parameters (0.0001068 B active), nvfp4 at 8.06 bits per weight = 0.00 GB
Machine   1 GPU, link pcie5-host; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 RTX5090               2     0.00     29.24      1.75     30.99 / 30.99
KV cache  128 bytes per token; room for 228,449,856 tokens: 111547 sequences of 2048 (111547.78x), one sequence up to 2048
Verdict   FITS
Speed     prefill 2489288812 tokens/s; decode 8316.9 tokens/s per sequence, 8316.9 in all at concurrency 1; first token after 0.00 s (a 2048-token prompt)
Cost      0.6939 EUR/h (reference: the catalog's median): 0.02318 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 31.37 GiB PyTorch sees; a profile run of 2048 tokens and a sampler over 256 sequences; 14278116 blocks of 16 tokens in 1 group
--- stderr
vfplan: note: nvfp4 weights, the checkpoint's own (its quantization_config; --quant to choose)
vfplan: note: an FP8 KV cache, the checkpoint's own (its ModelOpt kv_cache_quant_algo, which vLLM's --kv-cache-dtype auto takes)
