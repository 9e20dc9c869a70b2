args: infer --model llama-3.1-70b --gpus 1xRTX4090 --engine ollama --quant q4_k_m --context 4096
rc: 0
--- stdout
Model     llama-3.1-70b: 70.55 B parameters (70.55 B active), q4_k_m at 4.82 bits per weight = 42.47 GB
Machine   1 GPU, link pcie4-host; engine ollama b7407 (rules of b7407 to b99999)
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 RTX4090              40    21.37      0.67      1.69     23.74 / 25.38
          host RAM: 21.10 GB of weights, 0.03 GB of buffers
KV cache  327,680 bytes per token; room for 14,148 tokens: 3 sequences of 4096 (3.45x), one sequence up to 14148
Verdict   FITS
Speed     prefill 14 tokens/s; decode 2.2 tokens/s per sequence, 2.2 in all at concurrency 1; first token after 291.70 s (a 4096-token prompt)
Cost      0.3035 EUR/h (reference: the catalog's median): 37.93 EUR per million output tokens
Note      Ollama's estimate (llm/memory.go): 41 of 81 layers offloaded, KV 1.2 GiB, graph 1104.5 MiB (partial); llama.cpp puts 40 layers and the output on GPUs; KV cache for 4096 tokens up front
--- stderr
