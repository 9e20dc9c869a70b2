args: infer --model qwen2.5-vl-7b --gpus 1xA100-40 --context 32768 --max-loras 4 --max-lora-rank 16
rc: 0
--- stdout
Model     qwen2.5-vl-7b: 8.292 B parameters (8.292 B active), bf16 at 14.7 bits per weight = 15.23 GB
Machine   1 GPU, link nvlink3-switch; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 A100-40              28    16.95     18.59      3.54     39.08 / 39.08
KV cache  57,344 bytes per token; room for 324,160 tokens: 9 sequences of 32768 (9.89x), one sequence up to 128000
LoRA      4 slots of rank 16: 0.36 GB per GPU in the weights
Images    profiled with 1 image of 16384 tokens: encoder outputs 0.12 GB, tower peak 1.68 GB per GPU in the reserves
Verdict   FITS
Speed     prefill 11709 tokens/s; decode 51.3 tokens/s per sequence, 51.3 in all at concurrency 1; first token after 2.82 s (a 32768-token prompt)
Cost      1.022 EUR/h (reference: the catalog's median): 5.532 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 39.56 GiB PyTorch sees; a profile run of 2048 tokens and a sampler over 256 sequences; 20260 blocks of 16 tokens in 1 group
--- stderr
