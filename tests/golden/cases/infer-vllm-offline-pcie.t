args: infer --model llama-3.1-8b --gpus 2xA100-80-PCIE --link pcie4-host --engine-version 0.10.1 --entrypoint offline --enforce-eager --context 16384
rc: 0
--- stdout
Model     llama-3.1-8b: 8.03 B parameters (8.03 B active), bf16 at 16 bits per weight = 16.06 GB
Machine   2 GPUs, link pcie4-host; engine vllm 0.10 (rules of 0.8.0 to 0.10.99), TP 2 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 A100-80-PCIE         32     8.03     67.57      1.23     76.83 / 76.83
           1 A100-80-PCIE         32     8.03     67.57      1.23     76.83 / 76.83
KV cache  131,072 bytes per token; room for 1,031,008 tokens: 62 sequences of 16384 (62.93x), one sequence up to 131072
Verdict   FITS
Speed     prefill 12199 tokens/s; decode 91.7 tokens/s per sequence, 91.7 in all at concurrency 1; first token after 1.35 s (a 16384-token prompt)
Cost      2.026 EUR/h (reference: the catalog's median): 6.137 EUR per million output tokens
Note      vLLM 0.10 rules: 90% of the 79.50 GiB PyTorch sees; a profile run of 8192 tokens and a sampler over 256 sequences; 64438 blocks of 16 tokens in 1 group; custom all-reduce off, 18 MiB more outside PyTorch at TP 2; eager: no CUDA graphs; the LLM() class's defaults
--- stderr
