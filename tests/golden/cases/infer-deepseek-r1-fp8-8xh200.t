args: infer --model deepseek-ai/DeepSeek-R1 --gpus 8xH200 --context 32768
rc: 0
--- stdout
Model     deepseek-v3: 671 B parameters (37.55 B active), fp8 at 8.02 bits per weight = 672.88 GB
Machine   8 GPUs, link nvlink4-switch; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 8 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H200                 61    84.11     48.50      5.59    138.20 / 138.20
           1 H200                 61    84.11     48.50      5.59    138.20 / 138.20
           2 H200                 61    84.11     48.50      5.59    138.20 / 138.20
           3 H200                 61    84.11     48.50      5.59    138.20 / 138.20
           4 H200                 61    84.11     48.50      5.59    138.20 / 138.20
           5 H200                 61    84.11     48.50      5.59    138.20 / 138.20
           6 H200                 61    84.11     48.50      5.59    138.20 / 138.20
           7 H200                 61    84.11     48.50      5.59    138.20 / 138.20
KV cache  70,272 bytes per token; room for 690,192 tokens: 21 sequences of 32768 (21.06x), one sequence up to 163840
Verdict   FITS
Speed     prefill 35613 tokens/s; decode 100.0 tokens/s per sequence, 100.0 in all at concurrency 1; first token after 0.93 s (a 32768-token prompt)
Cost      32.13 EUR/h (reference: the catalog's median): 89.25 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 139.90 GiB PyTorch sees; a profile run of 8192 tokens and a sampler over 1024 sequences; 43137 blocks of 16 tokens in 1 group; custom all-reduce on, 1833 MiB more outside PyTorch at TP 8
--- stderr
vfplan: note: fp8 weights, the checkpoint's own (its quantization_config; --quant to choose)
