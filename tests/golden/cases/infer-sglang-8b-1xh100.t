args: infer --model llama-3.1-8b --gpus 1xH100 --engine sglang --context 32768 --concurrency 8
rc: 0
--- stdout
Model     llama-3.1-8b: 8.03 B parameters (8.03 B active), bf16 at 16 bits per weight = 16.06 GB
Machine   1 GPU, link nvlink4-switch; engine sglang 0.5.16 (rules of 0.5.16 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H100-SXM             32    16.06     53.82      0.84     70.72 / 70.72
KV cache  131,072 bytes per token; room for 410,597 tokens: 12 sequences of 32768 (12.53x), one sequence up to 131072
Verdict   FITS
Speed     prefill 32231 tokens/s; decode 48.2 tokens/s per sequence, 385.8 in all at concurrency 8; first token after 1.04 s (a 32768-token prompt)
Cost      3.169 EUR/h (reference: the catalog's median): 2.281 EUR per million output tokens
Note      SGLang 0.5.16 rules: mem_fraction_static 0.830 of the memory free before the weights; the KV pool takes what the weights leave of it, shared by the radix cache; reserve 13904 MiB: chunked prefill 8192, CUDA graphs to batch 256, prefill graphs 464 MiB
--- stderr
