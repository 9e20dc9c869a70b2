args: infer --model llama-3.1-8b --gpus 1xH100-SXM --quant fp8 --engine-version 0.6.0 --context 320 --requests 320 --prompt-tokens 161 --output-tokens 338
rc: 0
--- stdout
Model     llama-3.1-8b: 8.03 B parameters (8.03 B active), fp8 at 9.05 bits per weight = 9.08 GB
Machine   1 GPU, link nvlink4-switch; engine vllm 0.6 (rules of 0.6.0 to 0.6.3), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H100-SXM             32     9.08     64.67      2.78     76.52 / 76.53
KV cache  131,072 bytes per token; room for 493,376 tokens: 1541 sequences of 320 (1541.80x), one sequence up to 131072
Verdict   FITS
Speed     prefill 78762 tokens/s; decode 167.1 tokens/s per sequence, 167.1 in all at concurrency 1, others' prompts chunked into each step; first token after 0.01 s (a 161-token prompt)
Burst     320 requests at once (benchmark_serving, rate inf), 1 scheduler step: makespan 14.4 s, 107745 output tokens
          7508.2 output tokens/s, mean ITL 9.80 ms (mean running 73.6)
Cost      3.169 EUR/h (reference: the catalog's median): 5.267 EUR per million output tokens
Note      vLLM 0.6 rules: 90% of the 79.19 GiB PyTorch sees; a profile run of 2048 tokens and a sampler over 256 sequences; 30836 blocks of 16 tokens in 1 group
--- stderr
