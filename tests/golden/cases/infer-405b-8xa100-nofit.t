args: infer --model llama-3.1-405b --gpus 8xA100-80
rc: 0
--- stdout
Model     llama-3.1-405b: 405.9 B parameters (405.9 B active), bf16 at 16 bits per weight = 811.71 GB
Machine   8 GPUs, link nvlink3-switch; engine vllm, TP 8 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 A100-80             126   101.46      0.53      3.30    105.29 / 77.31  over
           1 A100-80             126   101.46      0.53      3.30    105.29 / 77.31  over
           2 A100-80             126   101.46      0.53      3.30    105.29 / 77.31  over
           3 A100-80             126   101.46      0.53      3.30    105.29 / 77.31  over
           4 A100-80             126   101.46      0.53      3.30    105.29 / 77.31  over
           5 A100-80             126   101.46      0.53      3.30    105.29 / 77.31  over
           6 A100-80             126   101.46      0.53      3.30    105.29 / 77.31  over
           7 A100-80             126   101.46      0.53      3.30    105.29 / 77.31  over
KV cache  516,096 bytes per token; room for 0 tokens: 0 sequences of 8192, one sequence up to 0
Verdict   DOES NOT FIT: the weights, the reserves and one sequence's KV cache need more than the engine's share
Speed     prefill 2211 tokens/s; decode 12.9 tokens/s per sequence, 12.9 in all at concurrency 1; first token after 3.78 s (a 8192-token prompt)
Cost      10.03 EUR/h (reference: the catalog's median): 216.6 EUR per million output tokens
Note      vllm takes 90% of each GPU; reserves: CUDA context, a profile run of 8192 tokens, the sampler's logits, CUDA graphs; the KV cache gets the rest
--- stderr
