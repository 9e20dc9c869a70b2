args: infer --model deepseek-v3 --gpus 8xH200 --engine vllm --dp 8 --concurrency 256
rc: 0
--- stdout
Model     deepseek-v3: 671 B parameters (37.55 B active), fp8 at 8.02 bits per weight = 672.88 GB
Machine   8 GPUs, link nvlink4-switch; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), DP 8 x TP 1 attention, EP 8
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H200                 61   100.71     33.77      3.72    138.20 / 138.20
           1 H200                 61   100.71     33.77      3.72    138.20 / 138.20
           2 H200                 61   100.71     33.77      3.72    138.20 / 138.20
           3 H200                 61   100.71     33.77      3.72    138.20 / 138.20
           4 H200                 61   100.71     33.77      3.72    138.20 / 138.20
           5 H200                 61   100.71     33.77      3.72    138.20 / 138.20
           6 H200                 61   100.71     33.77      3.72    138.20 / 138.20
           7 H200                 61   100.71     33.77      3.72    138.20 / 138.20
KV cache  70,272 bytes per token; room for 3,843,968 tokens: 464 sequences of 8192 (469.23x), one sequence up to 163840
Verdict   FITS
Speed     prefill 25444 tokens/s; decode 21.8 tokens/s per sequence, 5590.7 in all at concurrency 256; first token after 0.37 s (a 8192-token prompt)
Experts   all-to-all per decode step (allgather_reducescatter): 372.5 MB sent per GPU over 58 MoE layers' dispatch and combine, 5.095 ms of the 45.790 ms step; 32 sequences per DP rank; DeepEP buffers 0.00 GB per GPU
Cost      32.13 EUR/h (reference: the catalog's median): 1.596 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 139.90 GiB PyTorch sees; a profile run of 8192 tokens and a sampler over 1024 sequences; 30031 blocks of 16 tokens in 1 group
--- stderr
vfplan: note: fp8 weights, the checkpoint's own (its quantization_config; --quant to choose)
