args: infer --model llama-3.1-70b --gpus 2xRTX4090 --engine llamacpp --quant q4_k_m
rc: 0
--- stdout
Model     llama-3.1-70b: 70.55 B parameters (70.55 B active), q4_k_m at 4.82 bits per weight = 42.47 GB
Machine   2 GPUs, link pcie4-host; engine llamacpp
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 RTX4090              41    21.02      1.38      2.15     24.54 / 25.76
           1 RTX4090              39    20.86      1.31      2.41     24.58 / 25.76
          host RAM: 0.59 GB of weights
KV cache  327,680 bytes per token; room for 15,412 tokens: 1 sequence of 8192, one sequence up to 15411
Verdict   FITS
Speed     prefill 816 tokens/s; decode 16.6 tokens/s per sequence, 16.6 in all at concurrency 1; first token after 10.10 s (a 8192-token prompt)
Cost      0.6069 EUR/h (reference: the catalog's median): 10.13 EUR per million output tokens
Note      80 of 80 layers and the output on GPUs; the token embedding in host RAM; KV cache for 8192 tokens allocated up front; compute buffers without flash attention
--- stderr
