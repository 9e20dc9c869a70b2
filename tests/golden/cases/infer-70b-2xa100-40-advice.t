args: infer --model 70B --gpus 2xA100-40 --quant bf16
rc: 0
--- stdout
Model     70B: 70 B parameters (70 B active), bf16 at 16 bits per weight = 140.00 GB
Machine   2 GPUs, link nvlink3-switch; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 2 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 A100-40              80    70.00      0.00      4.18     74.18 / 39.08  over
           1 A100-40              80    70.00      0.00      4.18     74.18 / 39.08  over
KV cache  327,680 bytes per token; room for 0 tokens: 0 sequences of 8192 (0.00x), one sequence up to 0
Verdict   DOES NOT FIT: vllm 0.21 would refuse to start: "No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine."
Speed     prefill 3460 tokens/s; decode 13.4 tokens/s per sequence, 13.4 in all at concurrency 1; first token after 2.44 s (a 8192-token prompt)
Cost      2.044 EUR/h (reference: the catalog's median): 42.52 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 39.56 GiB PyTorch sees; a profile run of 2048 tokens and a sampler over 256 sequences; 0 blocks of 16 tokens in 1 group; custom all-reduce on, 1833 MiB more outside PyTorch at TP 2

Changes that make it serve (append to the command; the request kept first):
  --gpus 8xA100-40: 22.0 GB per GPU, 17.1 GB left, room for 51 sequences of 8192; decode 37.4 tokens/s a sequence, 37.4 in all
  --engine llamacpp --no-fit --quant q8_0: 40.6 GB per GPU, 1.8 GB left, room for 2 sequences of 8192; decode 13.0 tokens/s a sequence, 13.0 in all
  --quant awq4: 25.3 GB per GPU, 13.8 GB left, room for 11 sequences of 8192; decode 37.5 tokens/s a sequence, 37.5 in all
  --engine llamacpp --no-fit --quant q4_k_m: 24.5 GB per GPU, 18.0 GB left, room for 14 sequences of 8192; decode 21.5 tokens/s a sequence, 21.5 in all
  (8 bits tried as int8: FP8 compute needs Ada, Hopper or Blackwell, which the A100-40 is not)
--- stderr
