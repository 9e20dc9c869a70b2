args: infer --model Qwen3-30B-A3B --gpus 4xH100 --ep 4
rc: 0
--- stdout
Model     qwen3-30b-a3b: 30.53 B parameters (3.353 B active), bf16 at 16 bits per weight = 61.06 GB
Machine   4 GPUs, link nvlink4-switch; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 4 x PP 1, experts split by EP (bytes as TP's)
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H100-SXM             48    15.27     57.04      5.93     78.23 / 78.23
           1 H100-SXM             48    15.27     57.04      5.93     78.23 / 78.23
           2 H100-SXM             48    15.27     57.04      5.93     78.23 / 78.23
           3 H100-SXM             48    15.27     57.04      5.93     78.23 / 78.23
KV cache  98,304 bytes per token; room for 2,320,784 tokens: 283 sequences of 8192 (283.30x), one sequence up to 40960
Verdict   FITS
Speed     prefill 195552 tokens/s; decode 181.4 tokens/s per sequence, 181.4 in all at concurrency 1; first token after 0.05 s (a 8192-token prompt)
Cost      12.67 EUR/h (reference: the catalog's median): 19.41 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 79.19 GiB PyTorch sees; a profile run of 8192 tokens and a sampler over 1024 sequences; 145049 blocks of 16 tokens in 1 group; custom all-reduce on, 1833 MiB more outside PyTorch at TP 4
--- stderr
