args: infer --model 8B --gpus 1xGB10
rc: 0
--- stdout
Model     8B: 8 B parameters (8 B active), bf16 at 16 bits per weight = 16.00 GB
Machine   1 GPU, link pcie5-host; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 GB10                 32    16.00    100.60      3.61    120.21 / 120.21
KV cache  131,072 bytes per token; room for 767,520 tokens: 93 sequences of 8192 (93.69x), one sequence up to 767520
Verdict   FITS
Speed     prefill 5166 tokens/s; decode 13.5 tokens/s per sequence, 13.5 in all at concurrency 1; first token after 1.66 s (a 8192-token prompt)
Note      vLLM 0.21 rules: 92% of the 121.69 GiB PyTorch sees; a profile run of 8192 tokens and a sampler over 1024 sequences; 47970 blocks of 16 tokens in 1 group
Note      GB10: this GPU's memory is the CPU's too (unified LPDDR5X): the OS, the page cache and the job's CPU side take from the same pool (CUDA had 110 of 121.7 GiB free on a headless DGX Spark); keep that free (training: --reserve; vLLM: --gpu-memory-utilization at most the free share), and offloading to host RAM frees nothing
--- stderr
