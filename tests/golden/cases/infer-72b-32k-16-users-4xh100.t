args: infer --model qwen2.5-72b --gpus 4xH100 --context 32768 --concurrency 16
rc: 0
--- stdout
Model     qwen2.5-72b: 72.71 B parameters (72.71 B active), bf16 at 16 bits per weight = 145.41 GB
Machine   4 GPUs, link nvlink4-switch; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 4 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H100-SXM             80    36.35     35.95      5.93     78.23 / 78.23
           1 H100-SXM             80    36.35     35.95      5.93     78.23 / 78.23
           2 H100-SXM             80    36.35     35.95      5.93     78.23 / 78.23
           3 H100-SXM             80    36.35     35.95      5.93     78.23 / 78.23
KV cache  327,680 bytes per token; room for 438,800 tokens: 13 sequences of 32768 (13.39x), one sequence up to 131072
Verdict   DOES NOT FIT: room for 13 sequences of 32768 tokens, 16 asked (--concurrency)
Speed     prefill 14217 tokens/s; decode 23.0 tokens/s per sequence, 367.3 in all at concurrency 16; first token after 2.35 s (a 32768-token prompt)
Cost      12.67 EUR/h (reference: the catalog's median): 9.586 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 79.19 GiB PyTorch sees; a profile run of 8192 tokens and a sampler over 1024 sequences; 27425 blocks of 16 tokens in 1 group; custom all-reduce on, 1833 MiB more outside PyTorch at TP 4

Changes that make it serve (append to the command; the request kept first):
  --gpus 8xH100-SXM: 45.6 GB per GPU, 32.6 GB left, room for 40 sequences of 32768; decode 36.4 tokens/s a sequence, 581.8 in all
  --kv-fp8: 63.8 GB per GPU, 14.5 GB left, room for 26 sequences of 32768; decode 29.4 tokens/s a sequence, 470.6 in all
  --quant fp8: 67.7 GB per GPU, 10.6 GB left, room for 19 sequences of 32768; decode 28.0 tokens/s a sequence, 447.6 in all
  cutting the request:
  --context 26624: 77.2 GB per GPU, 1.1 GB left, room for 16 sequences of 26624; decode 25.0 tokens/s a sequence, 400.2 in all
  --concurrency 13: 77.2 GB per GPU, 1.1 GB left, room for 13 sequences of 32768; decode 25.0 tokens/s a sequence, 325.5 in all
--- stderr
