args: infer --model meta-llama/Llama-3.1-405B-Instruct-FP8 --gpus 8xH100
rc: 0
--- stdout
Model     llama-3.1-405b-fp8: 405.9 B parameters (405.9 B active), fp8 at 9.6 bits per weight = 487.17 GB
Machine   8 GPUs, link nvlink4-switch; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 8 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H100-SXM            126    60.90     11.76      5.57     78.23 / 78.23
           1 H100-SXM            126    60.90     11.76      5.57     78.23 / 78.23
           2 H100-SXM            126    60.90     11.76      5.57     78.23 / 78.23
           3 H100-SXM            126    60.90     11.76      5.57     78.23 / 78.23
           4 H100-SXM            126    60.90     11.76      5.57     78.23 / 78.23
           5 H100-SXM            126    60.90     11.76      5.57     78.23 / 78.23
           6 H100-SXM            126    60.90     11.76      5.57     78.23 / 78.23
           7 H100-SXM            126    60.90     11.76      5.57     78.23 / 78.23
KV cache  516,096 bytes per token; room for 182,256 tokens: 22 sequences of 8192 (22.25x), one sequence up to 131072
Verdict   FITS
Speed     prefill 9191 tokens/s; decode 23.5 tokens/s per sequence, 23.5 in all at concurrency 1; first token after 0.93 s (a 8192-token prompt)
Cost      25.35 EUR/h (reference: the catalog's median): 299.5 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 79.19 GiB PyTorch sees; a profile run of 8192 tokens and a sampler over 1024 sequences; 11391 blocks of 16 tokens in 1 group; custom all-reduce on, 1833 MiB more outside PyTorch at TP 8
--- stderr
vfplan: note: fp8 weights, the checkpoint's own (its quantization_config; --quant to choose)
