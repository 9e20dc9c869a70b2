args: infer --model Qwen/Qwen2.5-72B-Instruct --gpus 4xH100 --context 131072
rc: 0
--- stdout
Model     qwen2.5-72b: 72.71 B parameters (72.71 B active), bf16 at 16 bits per weight = 145.41 GB
Machine   4 GPUs, link nvlink4-switch; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 4 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H100-SXM             80    36.35     35.95      5.93     78.23 / 78.23
           1 H100-SXM             80    36.35     35.95      5.93     78.23 / 78.23
           2 H100-SXM             80    36.35     35.95      5.93     78.23 / 78.23
           3 H100-SXM             80    36.35     35.95      5.93     78.23 / 78.23
KV cache  327,680 bytes per token; room for 438,800 tokens: 3 sequences of 131072 (3.35x), one sequence up to 32768
Verdict   DOES NOT FIT: vllm 0.21 would refuse to start: "User-specified max_model_len (131072) is greater than the derived max_model_len (max_position_embeddings=32768 or model_max_length=None in model's config.json). To allow overriding this maximum, set the env var VLLM_ALLOW_LONG_MAX_MODEL_LEN=1."
Speed     prefill 9027 tokens/s; decode 34.5 tokens/s per sequence, 34.5 in all at concurrency 1; first token after 14.55 s (a 131072-token prompt)
Cost      12.67 EUR/h (reference: the catalog's median): 102.1 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 79.19 GiB PyTorch sees; a profile run of 8192 tokens and a sampler over 1024 sequences; 27425 blocks of 16 tokens in 1 group; custom all-reduce on, 1833 MiB more outside PyTorch at TP 4

Changes that make it serve (append to the command; the request kept first):
  cutting the request:
  --context 32768: 45.0 GB per GPU, 33.3 GB left, room for 13 sequences of 32768; decode 39.4 tokens/s a sequence, 39.4 in all
--- stderr
