args: infer --model llama-3.1-405b --gpus 8xA100-80
rc: 0
--- stdout
Model     llama-3.1-405b: 405.9 B parameters (405.9 B active), bf16 at 16 bits per weight = 811.71 GB
Machine   8 GPUs, link nvlink3-switch; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 8 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 A100-80             126   101.46      0.00      4.18    105.65 / 78.29  over
           1 A100-80             126   101.46      0.00      4.18    105.65 / 78.29  over
           2 A100-80             126   101.46      0.00      4.18    105.65 / 78.29  over
           3 A100-80             126   101.46      0.00      4.18    105.65 / 78.29  over
           4 A100-80             126   101.46      0.00      4.18    105.65 / 78.29  over
           5 A100-80             126   101.46      0.00      4.18    105.65 / 78.29  over
           6 A100-80             126   101.46      0.00      4.18    105.65 / 78.29  over
           7 A100-80             126   101.46      0.00      4.18    105.65 / 78.29  over
KV cache  516,096 bytes per token; room for 0 tokens: 0 sequences of 8192 (0.00x), one sequence up to 0
Verdict   DOES NOT FIT: vllm 0.21 would refuse to start: "No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine."
Speed     prefill 2212 tokens/s; decode 11.1 tokens/s per sequence, 11.1 in all at concurrency 1; first token after 3.79 s (a 8192-token prompt)
Cost      10.03 EUR/h (reference: the catalog's median): 250.4 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 79.25 GiB PyTorch sees; a profile run of 2048 tokens and a sampler over 256 sequences; 0 blocks of 16 tokens in 1 group; custom all-reduce on, 1833 MiB more outside PyTorch at TP 8

Changes that make it serve (append to the command; the request kept first):
  --gpus 16xA100-80 --tp 8 --pp 2: 55.2 GB per GPU, 23.1 GB left, room for 88 sequences of 8192; decode 11.1 tokens/s a sequence, 11.1 in all
  --quant int8: 56.0 GB per GPU, 22.3 GB left, room for 43 sequences of 8192; decode 18.8 tokens/s a sequence, 18.8 in all
  --engine llamacpp --no-fit --quant q8_0: 58.2 GB per GPU, 26.9 GB left, room for 51 sequences of 8192; decode 3.1 tokens/s a sequence, 3.1 in all
  --engine llamacpp --no-fit --quant q4_k_m: 34.5 GB per GPU, 50.6 GB left, room for 95 sequences of 8192; decode 5.4 tokens/s a sequence, 5.4 in all
  (8 bits tried as int8: FP8 compute needs Ada, Hopper or Blackwell, which the A100-80 is not)
--- stderr
