args: infer --model 8B --gpus 1xL20
rc: 0
--- stdout
Model     8B: 8 B parameters (8 B active), bf16 at 16 bits per weight = 16.00 GB
Machine   1 GPU, link pcie4-p2p; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 L20                  32    16.00     25.74      2.25     43.99 / 43.99
KV cache  131,072 bytes per token; room for 196,352 tokens: 23 sequences of 8192 (23.97x), one sequence up to 196352
Verdict   FITS
Speed     prefill 6289 tokens/s; decode 40.6 tokens/s per sequence, 40.6 in all at concurrency 1; first token after 1.33 s (a 8192-token prompt)
Note      vLLM 0.21 rules: 92% of the 44.53 GiB PyTorch sees; a profile run of 2048 tokens and a sampler over 256 sequences; 12272 blocks of 16 tokens in 1 group
--- stderr
