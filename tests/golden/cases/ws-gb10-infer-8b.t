args: infer --model 8B --gpus 1xGB10
rc: 0
--- stdout
Model     8B: 8 B parameters (8 B active), bf16 at 16 bits per weight = 16.00 GB
Machine   1 GPU, link pcie5-host; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 GB10                 32    16.00    100.60      3.61    120.21 / 120.21
KV cache  131,072 bytes per token; room for 767,520 tokens: 93 sequences of 8192 (93.69x), one sequence up to 767520
Verdict   DOES NOT FIT: vllm 0.21 would refuse to start: "Free memory on device cuda:0 (110.37/121.69 GiB) on startup is less than desired GPU memory utilization (0.92, 111.95 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes."
Speed     prefill 5166 tokens/s; decode 13.5 tokens/s per sequence, 13.5 in all at concurrency 1; first token after 1.66 s (a 8192-token prompt)
Note      vLLM 0.21 rules: 92% of the 121.69 GiB PyTorch sees; a profile run of 8192 tokens and a sampler over 1024 sequences; 47970 blocks of 16 tokens in 1 group
Note      GB10: this GPU's memory is the CPU's too (unified LPDDR5X): the OS, the page cache and the job's CPU side take from the same pool; vfplan keeps free what an idle headless machine's OS held (11.3 GiB on a DGX Spark), a desktop holds more (training: --reserve; vLLM: a lower --gpu-memory-utilization), and offloading to host RAM frees nothing

Changes that make it serve (append to the command; the request kept first):
  --engine llamacpp --no-fit --quant q8_0: 10.7 GB per GPU, 120.0 GB left, room for 112 sequences of 8192; decode 25.7 tokens/s a sequence, 25.7 in all
  --engine llamacpp --no-fit --quant q4_k_m: 7.3 GB per GPU, 123.3 GB left, room for 115 sequences of 8192; decode 40.2 tokens/s a sequence, 40.2 in all
--- stderr
