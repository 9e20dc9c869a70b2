args: infer --model llama-3.1-70b --gpus 1xRTX4090 --engine ollama --quant q4_k_m --context 4096
rc: 0
--- stdout
Model     llama-3.1-70b: 70.55 B parameters (70.55 B active), q4_k_m at 4.82 bits per weight = 42.47 GB
Machine   1 GPU, link pcie4-host; engine ollama b6500 (rules of b6000 to b99999)
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 RTX4090              43    22.91      0.72      1.69     25.32 / 25.38
          host RAM: 19.56 GB of weights
KV cache  327,680 bytes per token; room for 4,428 tokens: 1 sequence of 4096 (1.08x), one sequence up to 4427
Verdict   FITS
Speed     prefill 15 tokens/s; decode 2.4 tokens/s per sequence, 2.4 in all at concurrency 1; first token after 270.16 s (a 4096-token prompt)
Cost      0.3035 EUR/h (reference: the catalog's median): 35.41 EUR per million output tokens
Note      43 of 80 layers and the output on GPUs (the rest run on the CPU); the token embedding in host RAM; KV cache for 4096 tokens allocated up front; compute buffers without flash attention
--- stderr
