args: infer --engine llamacpp --engine-version b5000 --model deepseek-v2-lite --gpus 1xRTX3090 --quant q4_0 --context 512 --explain
rc: 0
--- stdout
Model     deepseek-v2-lite: 15.71 B parameters (2.661 B active), q4_0 at 4.53 bits per weight = 8.89 GB
Machine   1 GPU, link pcie4-host; engine llamacpp b4000 (rules of b3130 to b5199)
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 RTX3090              27     8.77      0.02      1.12      9.91 / 25.44
          host RAM: 0.12 GB of weights, 0.01 GB of buffers
KV cache  31,104 bytes per token; room for 499,850 tokens: 976 sequences of 512 (976.27x), one sequence up to 163840
Verdict   FITS
Speed     prefill 2864 tokens/s; decode 98.3 tokens/s per sequence, 98.3 in all at concurrency 1; first token after 0.19 s (a 512-token prompt)
Cost      0.1607 EUR/h (reference: the catalog's median): 0.454 EUR per million output tokens
Note      27 of 27 layers and the output on GPUs; the token embedding in host RAM; KV cache for 512 tokens allocated up front; compute buffers without flash attention

llama.cpp b4000, mixture of experts (MUL_MAT_ID loops over the experts on the host, before PRs #13014/#13199):
  decode, each of 26 MoE layers: 3 MUL_MAT_IDs over the 6 experts a token touches: 3 syncs and 36 kernels launched one by one from the CPU (CUDA graphs off), 0.248 ms beyond streaming
  prefill, ubatch of 512: 48 tokens per expert; each expert its own MMQ, tile 48 (100 % full), 5.488 ms a MoE layer beyond the GEMMs
--- stderr
