args: infer --model openai/gpt-oss-120b --gpus 1xH100
rc: 0
--- stdout
Model     gpt-oss-120b: 116.8 B parameters (5.712 B active), mxfp4 at 4.85 bits per weight = 70.76 GB
Machine   1 GPU, link nvlink4-switch; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H100-SXM             36    70.76      2.74      4.73     78.23 / 78.23
KV cache  73,728 bytes per token; room for 37,120 tokens: 4 sequences of 8192 (4.53x), one sequence up to 65904
          one sequence of 8192 keeps 0.307 GB (37,440 bytes a token): 18 of 36 layers slide over 128 tokens
Verdict   FITS
Speed     prefill 62709 tokens/s; decode 281.8 tokens/s per sequence, 281.8 in all at concurrency 1; first token after 0.13 s (a 8192-token prompt)
Cost      3.169 EUR/h (reference: the catalog's median): 3.123 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 79.19 GiB PyTorch sees; a profile run of 8192 tokens and a sampler over 1024 sequences; 4640 blocks of 16 tokens in 2 groups; MXFP4 experts on Marlin (hidden 2880, intermediate 2880 a rank, padded to 3072 and 2944): 66.50 GB
--- stderr
vfplan: note: mxfp4 weights, the checkpoint's own (its quantization_config; --quant to choose)
