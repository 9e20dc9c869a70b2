args: infer --model llama-3.1-8b --gpus 2xRTX4090 --engine ollama
rc: 0
--- stdout
Model     llama-3.1-8b: 8.03 B parameters (8.03 B active), bf16 at 16 bits per weight = 16.06 GB
Machine   2 GPUs, link pcie4-host; engine ollama b7407 (rules of b7407 to b99999)
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 RTX4090              13     5.67      6.98      9.97     22.62 / 25.38
           1 RTX4090              12     6.29      6.44      9.97     22.70 / 25.38
          host RAM: 4.10 GB of weights, 0.28 GB of buffers
KV cache  131,072 bytes per token; room for 182,960 tokens: 1 sequence of 131072 (1.40x), one sequence up to 131072
Verdict   FITS
Speed     prefill 212 tokens/s; decode 6.0 tokens/s per sequence, 6.0 in all at concurrency 1; first token after 619.89 s (a 131072-token prompt)
Cost      0.6069 EUR/h (reference: the catalog's median): 27.98 EUR per million output tokens
Note      Ollama's estimate (llm/memory.go): 26 of 33 layers offloaded, KV 16.0 GiB, graph 8985.0 MiB (partial); llama.cpp puts 25 layers and the output on GPUs; KV cache for 131072 tokens up front
--- stderr
