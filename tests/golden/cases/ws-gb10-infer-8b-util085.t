args: infer --model 8B --gpus 1xGB10 --gpu-memory-utilization 0.85
rc: 0
--- stdout
Model     8B: 8 B parameters (8 B active), bf16 at 16 bits per weight = 16.00 GB
Machine   1 GPU, link pcie5-host; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 GB10                 32    16.00     91.45      3.61    111.06 / 111.06
KV cache  131,072 bytes per token; room for 697,744 tokens: 85 sequences of 8192 (85.17x), one sequence up to 697744
Verdict   FITS
Speed     prefill 5166 tokens/s; decode 13.5 tokens/s per sequence, 13.5 in all at concurrency 1; first token after 1.66 s (a 8192-token prompt)
Note      vLLM 0.21 rules: 85% of the 121.69 GiB PyTorch sees; a profile run of 8192 tokens and a sampler over 1024 sequences; 43609 blocks of 16 tokens in 1 group
Note      GB10: this GPU's memory is the CPU's too (unified LPDDR5X): the OS, the page cache and the job's CPU side take from the same pool; vfplan keeps free what an idle headless machine's OS held (11.3 GiB on a DGX Spark), a desktop holds more (training: --reserve; vLLM: a lower --gpu-memory-utilization), and offloading to host RAM frees nothing
--- stderr
