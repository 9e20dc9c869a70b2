args: infer --model gpt-oss-120b --gpus 1xH100 --engine sglang --engine-version 0.5.6
rc: 0
--- stdout
Model     gpt-oss-120b: 116.8 B parameters (5.712 B active), mxfp4 at 4.47 bits per weight = 65.33 GB
Machine   1 GPU, link nvlink4-switch; engine sglang 0.5 (rules of 0.5.0 to 0.5.8), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H100-SXM             36    65.33      4.97      0.84     71.14 / 71.14
KV cache  73,728 bytes per token; room for 67,421 tokens: 8 sequences of 8192 (8.23x), one sequence up to 67421
          one sequence of 8192 keeps 0.307 GB (37,440 bytes a token): 18 of 36 layers slide over 128 tokens
Verdict   FITS
Speed     prefill 62709 tokens/s; decode 308.4 tokens/s per sequence, 308.4 in all at concurrency 1; first token after 0.13 s (a 8192-token prompt)
Cost      3.169 EUR/h (reference: the catalog's median): 2.854 EUR per million output tokens
Note      SGLang 0.5 rules: mem_fraction_static 0.835 of the memory free before the weights; the KV pool takes what the weights leave of it, shared by the radix cache; reserve 13440 MiB: chunked prefill 8192, CUDA graphs to batch 256; MXFP4 experts on triton_kernels (2880 x 2880 a rank)
--- stderr
vfplan: note: mxfp4 weights, the checkpoint's own (its quantization_config; --quant to choose)
