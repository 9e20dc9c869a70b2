args: infer --model llama-3.1-70b --gpus 2xRTX4090 --engine llamacpp --quant q4_k_m --split-mode row --context 4096
rc: 0
--- stdout
Model     llama-3.1-70b: 70.55 B parameters (70.55 B active), q4_k_m at 4.82 bits per weight = 42.47 GB
Machine   2 GPUs, link pcie4-host; engine llamacpp b7407 (rules of b7407 to b99999), rows split
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 RTX4090              80    20.94      1.34      1.69     23.98 / 25.38
           1 RTX4090              80    20.94      0.00      1.07     22.01 / 25.38
          host RAM: 0.59 GB of weights, 0.03 GB of buffers
KV cache  327,680 bytes per token; room for 8,389 tokens: 2 sequences of 4096 (2.05x), one sequence up to 8389
Verdict   FITS
Speed     prefill 1813 tokens/s; decode 13.5 tokens/s per sequence, 13.5 in all at concurrency 1; first token after 2.33 s (a 4096-token prompt)
Cost      0.6069 EUR/h (reference: the catalog's median): 12.44 EUR per million output tokens
Note      80 of 80 layers and the output on GPUs, every matrix split by rows, the cache on GPU 0; the token embedding in host RAM; KV cache for 4096 tokens allocated up front; compute buffers without flash attention
--- stderr
