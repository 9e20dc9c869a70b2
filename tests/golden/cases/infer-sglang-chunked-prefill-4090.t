args: infer --model llama-3.1-8b --gpus 1xRTX4090 --engine sglang --chunked-prefill-size 2048 --max-running-requests 4
rc: 0
--- stdout
Model     llama-3.1-8b: 8.03 B parameters (8.03 B active), bf16 at 16 bits per weight = 16.06 GB
Machine   1 GPU, link pcie4-host; engine sglang 0.5.16 (rules of 0.5.16 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 RTX4090              32    16.06      4.34      0.84     21.24 / 21.24
KV cache  131,072 bytes per token; room for 33,080 tokens: 4 sequences of 8192 (4.04x), one sequence up to 33080
Verdict   FITS
Speed     prefill 9164 tokens/s; decode 43.2 tokens/s per sequence, 43.2 in all at concurrency 1; first token after 0.92 s (a 8192-token prompt)
Cost      0.3035 EUR/h (reference: the catalog's median): 1.953 EUR per million output tokens
Note      SGLang 0.5.16 rules: mem_fraction_static 0.831 of the memory free before the weights; the KV pool takes what the weights leave of it, shared by the radix cache; reserve 4144 MiB: chunked prefill 2048, CUDA graphs to batch 48, prefill graphs 336 MiB; at most 4 requests run at once (--max-running-requests)
--- stderr
