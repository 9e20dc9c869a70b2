args: infer --engine llamacpp --model qwen3-30b-a3b --gpus 1xRTX4090 --quant q4_k_m --context 4096 --explain
rc: 0
--- stdout
Model     qwen3-30b-a3b: 30.53 B parameters (3.353 B active), q4_k_m at 4.85 bits per weight = 18.51 GB
Machine   1 GPU, link pcie4-host; engine llamacpp b6500 (rules of b6000 to b99999)
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 RTX4090              48    18.33      0.40      1.37     20.10 / 25.38
          host RAM: 0.18 GB of weights, 0.01 GB of buffers
KV cache  98,304 bytes per token; room for 57,815 tokens: 14 sequences of 4096 (14.12x), one sequence up to 40960
Verdict   FITS
Speed     prefill 5624 tokens/s; decode 259.4 tokens/s per sequence, 259.4 in all at concurrency 1; first token after 0.73 s (a 4096-token prompt)
Cost      0.3035 EUR/h (reference: the catalog's median): 0.325 EUR per million output tokens
Note      48 of 48 layers and the output on GPUs; the token embedding in host RAM; KV cache for 4096 tokens allocated up front; compute buffers without flash attention

llama.cpp b6500, mixture of experts (one kernel over the selected experts):
  decode, each of 48 MoE layers: 3 MUL_MAT_IDs over the 8 experts a token touches: 6 kernels (quantise and one mat-vec over the selected experts each), no sync
  prefill, ubatch of 512: 32 tokens per expert; one MMQ over all experts, tiles of 128 columns sized for the ubatch, 25 % full
--- stderr
