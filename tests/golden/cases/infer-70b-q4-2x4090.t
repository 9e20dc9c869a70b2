args: infer --model llama-3.1-70b --gpus 2xRTX4090 --engine llamacpp --quant q4_k_m
rc: 0
--- stdout
Model     llama-3.1-70b: 70.55 B parameters (70.55 B active), q4_k_m at 4.82 bits per weight = 42.47 GB
Machine   2 GPUs, link pcie4-host; engine llamacpp b6500 (rules of b6000 to b99999)
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 RTX4090              41    21.02      1.38      2.29     24.69 / 25.38
           1 RTX4090              39    20.86      1.31      2.29     24.46 / 25.38
          host RAM: 0.59 GB of weights, 0.03 GB of buffers
KV cache  327,680 bytes per token; room for 12,336 tokens: 1 sequence of 8192 (1.51x), one sequence up to 12335
Verdict   FITS
Speed     prefill 1384 tokens/s; decode 18.8 tokens/s per sequence, 18.8 in all at concurrency 1; first token after 5.97 s (a 8192-token prompt)
Cost      0.6069 EUR/h (reference: the catalog's median): 8.985 EUR per million output tokens
Note      80 of 80 layers and the output on GPUs; the token embedding in host RAM; KV cache for 8192 tokens allocated up front; compute buffers without flash attention
--- stderr
