args: infer --model llama-3.1-8b --gpus 1xRTX3060 --engine ollama
rc: 0
--- stdout
Model     llama-3.1-8b: 8.03 B parameters (8.03 B active), bf16 at 16 bits per weight = 16.06 GB
Machine   1 GPU, link pcie4-host; engine ollama b7407 (rules of b7407 to b99999)
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 RTX3060              20     9.78      0.34      1.39     11.50 / 12.35
          host RAM: 6.29 GB of weights, 0.02 GB of buffers
KV cache  131,072 bytes per token; room for 14,456 tokens: 3 sequences of 4096 (3.53x), one sequence up to 14455
Verdict   FITS
Speed     prefill 154 tokens/s; decode 7.1 tokens/s per sequence, 7.1 in all at concurrency 1; first token after 26.81 s (a 4096-token prompt)
Note      Ollama's estimate (llm/memory.go): 21 of 33 layers offloaded, KV 0.5 GiB, graph 677.5 MiB (partial); llama.cpp puts 20 layers and the output on GPUs; KV cache for 4096 tokens up front
--- stderr
