args: infer --model llama-3.1-8b --gpus 2xH100 --engine sglang --pp 2
rc: 0
--- stdout
Model     llama-3.1-8b: 8.03 B parameters (8.03 B active), bf16 at 16 bits per weight = 16.06 GB
Machine   2 GPUs, link nvlink4-switch; engine sglang 0.5.16 (rules of 0.5.16 to 0.99.99), TP 1 x PP 2
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H100-SXM             16     8.03     62.18      0.84     71.05 / 71.05
           1 H100-SXM             16     8.03     62.18      0.84     71.05 / 71.05
KV cache  131,072 bytes per token; room for 948,865 tokens: 115 sequences of 8192 (115.83x), one sequence up to 131072
Verdict   FITS
Speed     prefill 87269 tokens/s; decode 120.3 tokens/s per sequence, 120.3 in all at concurrency 1; first token after 0.10 s (a 8192-token prompt)
Cost      6.337 EUR/h (reference: the catalog's median): 14.63 EUR per million output tokens
Note      SGLang 0.5.16 rules: mem_fraction_static 0.834 of the memory free before the weights; the KV pool takes what the weights leave of it, shared by the radix cache; reserve 13568 MiB: chunked prefill 8192, CUDA graphs to batch 256
--- stderr
