args: infer --model llama-3.1-8b --gpus 1xH100 --context 2048 --concurrency 256 --spec-method eagle3 --spec-model yuhuili/EAGLE3-LLaMA3.1-Instruct-8B
rc: 0
--- stdout
Model     llama-3.1-8b: 8.03 B parameters (8.03 B active), bf16 at 16 bits per weight = 16.06 GB
Machine   1 GPU, link nvlink4-switch; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H100-SXM             32    16.91     55.83      5.49     78.23 / 78.23
KV cache  131,072 bytes per token; room for 413,008 tokens: 201 sequences of 2048 (201.66x), one sequence up to 131072
Verdict   DOES NOT FIT: room for 201 sequences of 2048 tokens, 256 asked (--concurrency)
Speed     prefill 47869 tokens/s; decode 44.6 tokens/s per sequence, 11422.1 in all at concurrency 256; first token after 0.08 s (a 2048-token prompt)
Spec      eagle3, K = 3, acceptance 0.70 (the method's, assumed): 2.533 tokens a step; verify 53.237 ms + 3 x draft 1.178 ms vs plain 40.071 ms = 1.79x; proposer 0.849 GB of weights, 4,096 bytes a token of cache
Cost      3.169 EUR/h (reference: the catalog's median): 0.07706 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 79.19 GiB PyTorch sees; a profile run of 8192 tokens and a sampler over 1024 sequences; 25813 blocks of 16 tokens in 1 group

Changes that make it serve (append to the command; the request kept first):
  --gpus 2xH100-SXM: 51.3 GB per GPU, 26.9 GB left, room for 450 sequences of 2048; decode 80.2 tokens/s a sequence, 20542.0 in all
  --kv-fp8: 57.8 GB per GPU, 20.4 GB left, room for 403 sequences of 2048; decode 62.9 tokens/s a sequence, 16106.1 in all
  --quant awq4 --kv-fp8: 47.5 GB per GPU, 30.7 GB left, room for 477 sequences of 2048; decode 62.9 tokens/s a sequence, 16106.1 in all
  cutting the request:
  --concurrency 201: 78.0 GB per GPU, 0.2 GB left, room for 201 sequences of 2048; decode 56.0 tokens/s a sequence, 11256.6 in all
--- stderr
