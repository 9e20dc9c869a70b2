args: infer --model openai/gpt-oss-120b --gpus 1xH100 --quant bf16 --context 4096
rc: 0
--- stdout
Model     gpt-oss-120b: 116.8 B parameters (5.712 B active), bf16 at 16 bits per weight = 233.66 GB
Machine   1 GPU, link nvlink4-switch; engine vllm, TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H100-SXM             36   233.66      0.16      2.65    236.47 / 76.97  over
KV cache  73,728 bytes per token; room for 0 tokens: 0 sequences of 4096, one sequence up to 0
          one sequence of 4096 keeps 0.156 GB (38,016 bytes a token): 18 of 36 layers slide over 128 tokens
Verdict   DOES NOT FIT: the weights, the reserves and one sequence's KV cache need more than the engine's share
Speed     prefill 65847 tokens/s; decode 176.1 tokens/s per sequence, 176.1 in all at concurrency 1; first token after 0.07 s (a 4096-token prompt)
Cost      3.169 EUR/h (reference: the catalog's median): 4.999 EUR per million output tokens
Note      vllm takes 90% of each GPU; reserves: CUDA context, a profile run of 8192 tokens, the sampler's logits, CUDA graphs; the KV cache gets the rest
--- stderr
