args: infer --model gpt-oss-20b --gpus 1xH100 --engine sglang
rc: 0
--- stdout
Model     gpt-oss-20b: 20.91 B parameters (4.187 B active), mxfp4 at 5.27 bits per weight = 13.77 GB
Machine   1 GPU, link nvlink4-switch; engine sglang 0.5.16 (rules of 0.5.16 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H100-SXM             24    13.77     56.10      0.84     70.72 / 70.72
KV cache  49,152 bytes per token; room for 1,268,260 tokens: 154 sequences of 8192 (154.82x), one sequence up to 131072
          SGLang's pools: full layers 1,268,260 tokens (max_total_num_tokens), sliding layers 1,014,608 (swa_max_total_num_tokens)
          one sequence of 8192 keeps 0.204 GB (24,960 bytes a token): 12 of 24 layers slide over 128 tokens
Verdict   FITS
Speed     prefill 86308 tokens/s; decode 433.7 tokens/s per sequence, 433.7 in all at concurrency 1; first token after 0.10 s (a 8192-token prompt)
Cost      3.169 EUR/h (reference: the catalog's median): 2.029 EUR per million output tokens
Note      SGLang 0.5.16 rules: mem_fraction_static 0.830 of the memory free before the weights; the KV pool takes what the weights leave of it, shared by the radix cache; reserve 13904 MiB: chunked prefill 8192, CUDA graphs to batch 256, prefill graphs 464 MiB; SWA pool: 12 sliding layers hold 0.80 x the 12 full layers' tokens, 1014608 (--swa-full-tokens-ratio); MXFP4 experts on triton_kernels (2880 x 2880 a rank)
--- stderr
vfplan: note: mxfp4 weights, the checkpoint's own (its quantization_config; --quant to choose)
