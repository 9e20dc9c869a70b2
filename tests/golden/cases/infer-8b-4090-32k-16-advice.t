args: infer --model llama-3.1-8b --gpus 1xRTX4090 --context 32768 --concurrency 16
rc: 0
--- stdout
Model     llama-3.1-8b: 8.03 B parameters (8.03 B active), bf16 at 16 bits per weight = 16.06 GB
Machine   1 GPU, link pcie4-host; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 RTX4090              32    16.06      5.02      2.27     23.35 / 23.35
KV cache  131,072 bytes per token; room for 38,304 tokens: 1 sequence of 32768 (1.17x), one sequence up to 38304
Verdict   DOES NOT FIT: room for 1 sequences of 32768 tokens, 16 asked (--concurrency)
Speed     prefill 6769 tokens/s; decode 10.1 tokens/s per sequence, 162.3 in all at concurrency 16; first token after 4.94 s (a 32768-token prompt)
Cost      0.3035 EUR/h (reference: the catalog's median): 0.5194 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 23.64 GiB PyTorch sees; a profile run of 2048 tokens and a sampler over 256 sequences; 2394 blocks of 16 tokens in 1 group

Changes that make it serve (append to the command; the request kept first):
  --gpus 8xRTX4090: 13.0 GB per GPU, 10.4 GB left, room for 35 sequences of 32768; decode 47.4 tokens/s a sequence, 758.4 in all
  cutting the request:
  --context 2304: 23.2 GB per GPU, 0.2 GB left, room for 16 sequences of 2304; decode 38.8 tokens/s a sequence, 621.5 in all
  --concurrency 1: 22.6 GB per GPU, 0.7 GB left, room for 1 sequence of 32768; decode 39.8 tokens/s a sequence, 39.8 in all
--- stderr
