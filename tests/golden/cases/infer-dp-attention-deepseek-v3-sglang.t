args: infer --model deepseek-v3 --gpus 8xH200 --engine sglang --dp 8 --concurrency 256
rc: 0
--- stdout
Model     deepseek-v3: 671 B parameters (37.55 B active), fp8 at 8.02 bits per weight = 672.88 GB
Machine   8 GPUs, link nvlink4-switch; engine sglang 0.5.16 (rules of 0.5.16 to 0.99.99), DP 8 x TP 1 attention, EP 8
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H200                 61    95.72     36.63      0.84    133.19 / 133.19
           1 H200                 61    95.72     36.63      0.84    133.19 / 133.19
           2 H200                 61    95.72     36.63      0.84    133.19 / 133.19
           3 H200                 61    95.72     36.63      0.84    133.19 / 133.19
           4 H200                 61    95.72     36.63      0.84    133.19 / 133.19
           5 H200                 61    95.72     36.63      0.84    133.19 / 133.19
           6 H200                 61    95.72     36.63      0.84    133.19 / 133.19
           7 H200                 61    95.72     36.63      0.84    133.19 / 133.19
KV cache  70,272 bytes per token; room for 4,170,232 tokens: 504 sequences of 8192 (509.06x), one sequence up to 163840
Verdict   FITS
Speed     prefill 25444 tokens/s; decode 26.0 tokens/s per sequence, 6654.1 in all at concurrency 256; first token after 0.36 s (a 8192-token prompt)
Experts   all-to-all per decode step (DP gather and scatter): 372.5 MB sent per GPU over 58 MoE layers' dispatch and combine, 5.095 ms of the 38.472 ms step; 32 sequences per DP rank; DeepEP buffers 0.00 GB per GPU
Cost      32.13 EUR/h (reference: the catalog's median): 1.341 EUR per million output tokens
Note      SGLang 0.5.16 rules: mem_fraction_static 0.886 of the memory free before the weights; the KV pool takes what the weights leave of it, shared by the radix cache; reserve 16384 MiB: chunked prefill 8192, CUDA graphs to batch 512, prefill graphs 1536 MiB
--- stderr
vfplan: note: fp8 weights, the checkpoint's own (its quantization_config; --quant to choose)
