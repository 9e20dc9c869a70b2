args: infer --model llama-3.1-70b --gpus 2xRTX4090 --engine llamacpp --quant q4_k_m
rc: 0
--- stdout
Model     llama-3.1-70b: 70.55 B parameters (70.55 B active), q4_k_m at 4.82 bits per weight = 42.47 GB
Machine   2 GPUs, link pcie4-host; engine llamacpp b7407 (rules of b7407 to b99999)
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 RTX4090              40    20.51      1.34      2.24     24.09 / 25.38
           1 RTX4090              38    20.35      1.28      2.24     23.86 / 25.38
          host RAM: 1.62 GB of weights, 0.03 GB of buffers
KV cache  327,680 bytes per token; room for 16,081 tokens: 1 sequence of 8192 (1.96x), one sequence up to 16080
Verdict   FITS
Speed     prefill 207 tokens/s; decode 13.5 tokens/s per sequence, 13.5 in all at concurrency 1; first token after 39.60 s (a 8192-token prompt)
Cost      0.6069 EUR/h (reference: the catalog's median): 12.45 EUR per million output tokens
Note      -fit (llama_params_fit) lowered -ngl to 79 to keep 1024 MiB free on each GPU: 78 of 80 layers and the output on GPUs (the rest run on the CPU); the token embedding in host RAM; KV cache for 8192 tokens allocated up front; compute buffers without flash attention
--- stderr
