args: infer --model gpt-oss-20b --gpus 1xRTX4090 --engine vllm --context 16384
rc: 0
--- stdout
Model     gpt-oss-20b: 20.91 B parameters (4.187 B active), mxfp4 at 5.61 bits per weight = 14.68 GB
Machine   1 GPU, link pcie4-host; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 RTX4090              24    14.68      6.10      2.57     23.35 / 23.35
KV cache  49,152 bytes per token; room for 124,192 tokens: 13 sequences of 16384 (13.37x), one sequence up to 131072
          one sequence of 16384 keeps 0.406 GB (24,768 bytes a token): 12 of 24 layers slide over 128 tokens
Verdict   FITS
Speed     prefill 16667 tokens/s; decode 223.5 tokens/s per sequence, 223.5 in all at concurrency 1; first token after 0.99 s (a 16384-token prompt)
Cost      0.3035 EUR/h (reference: the catalog's median): 0.3771 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 23.64 GiB PyTorch sees; a profile run of 2048 tokens and a sampler over 256 sequences; 15525 blocks of 16 tokens in 2 groups; MXFP4 experts on Marlin (hidden 2880, intermediate 2880 a rank, padded to 3072 and 2944): 11.08 GB
--- stderr
vfplan: note: mxfp4 weights, the checkpoint's own (its quantization_config; --quant to choose)
