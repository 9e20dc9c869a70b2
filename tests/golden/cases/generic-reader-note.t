args: infer --model tests/data/hf/generic/exaone-exaone-3.0-7.8b-instruct.json --gpus 1xH100
rc: 0
--- stdout
Model     LGAI-EXAONE/EXAONE-3.0-7.8B-Instruct: 7.819 B parameters (7.819 B active), bf16 at 16 bits per weight = 15.64 GB
Machine   1 GPU, link nvlink4-switch; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H100-SXM             32    15.64     59.32      3.27     78.23 / 78.23
KV cache  131,072 bytes per token; room for 452,592 tokens: 110 sequences of 4096 (110.50x), one sequence up to 4096
Verdict   FITS
Speed     prefill 47543 tokens/s; decode 109.6 tokens/s per sequence, 109.6 in all at concurrency 1; first token after 0.10 s (a 4096-token prompt)
Cost      3.169 EUR/h (reference: the catalog's median): 8.032 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 79.19 GiB PyTorch sees; a profile run of 8192 tokens and a sampler over 1024 sequences; 28287 blocks of 16 tokens in 1 group
--- stderr
vfplan: note: LGAI-EXAONE/EXAONE-3.0-7.8B-Instruct read as a generic decoder, an estimate (model_type 'exaone'); its own family table would count it exactly
