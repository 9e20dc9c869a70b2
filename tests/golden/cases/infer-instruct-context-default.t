args: infer --model Qwen/Qwen2.5-7B-Instruct --gpus 1xH100
rc: 0
--- stdout
Model     qwen2.5-7b: 7.616 B parameters (7.616 B active), bf16 at 16 bits per weight = 15.23 GB
Machine   1 GPU, link nvlink4-switch; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H100-SXM             28    15.23     58.99      4.01     78.23 / 78.23
KV cache  57,344 bytes per token; room for 1,028,704 tokens: 125 sequences of 8192 (125.57x), one sequence up to 32768
Verdict   FITS
Speed     prefill 47080 tokens/s; decode 115.3 tokens/s per sequence, 115.3 in all at concurrency 1; first token after 0.18 s (a 8192-token prompt)
Cost      3.169 EUR/h (reference: the catalog's median): 7.636 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 79.19 GiB PyTorch sees; a profile run of 8192 tokens and a sampler over 1024 sequences; 64294 blocks of 16 tokens in 1 group
--- stderr
