args: infer --model llama-3.1-70b --gpus 1xH100 --quant fp8 --context 131072
rc: 0
--- stdout
Model     llama-3.1-70b: 70.55 B parameters (70.55 B active), fp8 at 8.24 bits per weight = 72.66 GB
Machine   1 GPU, link nvlink4-switch; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H100-SXM             80    72.66      1.92      3.65     78.23 / 78.23
KV cache  327,680 bytes per token; room for 5,856 tokens: 0 sequences of 131072 (0.04x), one sequence up to 5856
Verdict   DOES NOT FIT: vllm 0.21 would refuse to start: "To serve at least one request with the models's max seq len (131072), (40 GiB KV cache is needed, which is larger than the available KV cache memory (1.79 GiB). Based on the available memory, the estimated maximum model length is 5856. Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine."
Speed     prefill 5078 tokens/s; decode 17.8 tokens/s per sequence, 17.8 in all at concurrency 1; first token after 25.87 s (a 131072-token prompt)
Cost      3.169 EUR/h (reference: the catalog's median): 49.56 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 79.19 GiB PyTorch sees; a profile run of 8192 tokens and a sampler over 1024 sequences; 366 blocks of 16 tokens in 1 group

Changes that make it serve (append to the command; the request kept first):
  --gpus 2xH100-SXM: 63.4 GB per GPU, 14.9 GB left, room for 1 sequence of 131072; decode 31.1 tokens/s a sequence, 31.1 in all
  --quant awq4 --kv-fp8: 64.9 GB per GPU, 13.3 GB left, room for 1 sequence of 131072; decode 31.2 tokens/s a sequence, 31.2 in all
  cutting the request:
  --context 5120: 78.0 GB per GPU, 0.2 GB left, room for 1 sequence of 5120; decode 26.4 tokens/s a sequence, 26.4 in all
--- stderr
