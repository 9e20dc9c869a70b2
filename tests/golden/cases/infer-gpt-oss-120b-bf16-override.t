args: infer --model openai/gpt-oss-120b --gpus 1xH100 --quant bf16 --context 4096
rc: 0
--- stdout
Model     gpt-oss-120b: 116.8 B parameters (5.712 B active), bf16 at 16 bits per weight = 233.66 GB
Machine   1 GPU, link nvlink4-switch; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H100-SXM             36   233.66      0.00      4.73    238.39 / 78.23  over
KV cache  73,728 bytes per token; room for 0 tokens: 0 sequences of 4096 (0.00x), one sequence up to 0
          one sequence of 4096 keeps 0.156 GB (38,016 bytes a token): 18 of 36 layers slide over 128 tokens
Verdict   DOES NOT FIT: vllm 0.21 would refuse to start: "No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine."
Speed     prefill 27534 tokens/s; decode 167.5 tokens/s per sequence, 167.5 in all at concurrency 1; first token after 0.15 s (a 4096-token prompt)
Cost      3.169 EUR/h (reference: the catalog's median): 5.254 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 79.19 GiB PyTorch sees; a profile run of 8192 tokens and a sampler over 1024 sequences; 0 blocks of 16 tokens in 2 groups

Changes that make it serve (append to the command; the request kept first):
  --gpus 4xH100-SXM: 65.1 GB per GPU, 13.1 GB left, room for 173 sequences of 4096; decode 203.5 tokens/s a sequence, 203.5 in all
  --engine llamacpp --no-fit --quant q5_k_m: 84.5 GB per GPU, 0.6 GB left, room for 4 sequences of 4096; decode 296.2 tokens/s a sequence, 296.2 in all
  --engine llamacpp --no-fit --quant q4_k_m: 72.4 GB per GPU, 12.6 GB left, room for 73 sequences of 4096; decode 316.2 tokens/s a sequence, 316.2 in all
  --quant mxfp4: 75.8 GB per GPU, 2.4 GB left, room for 9 sequences of 4096; decode 287.3 tokens/s a sequence, 287.3 in all
--- stderr
