args: infer --model llama-3.1-8b --gpus 1xRTX4090,1xRTX3060 --engine llamacpp --quant q8_0 --tensor-split 0.6,0.4
rc: 0
--- stdout
Model     llama-3.1-8b: 8.03 B parameters (8.03 B active), q8_0 at 8.5 bits per weight = 8.53 GB
Machine   2 GPUs, link pcie4-host; engine llamacpp b7407 (rules of b7407 to b99999)
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 RTX4090              20     4.64      0.67      1.72      7.02 / 25.38
           1 RTX3060              12     3.34      0.40      1.72      5.46 / 12.35
          host RAM: 0.56 GB of weights, 0.03 GB of buffers
KV cache  131,072 bytes per token; room for 148,380 tokens: 18 sequences of 8192 (18.11x), one sequence up to 131072
Verdict   FITS
Speed     prefill 2943 tokens/s; decode 52.7 tokens/s per sequence, 52.7 in all at concurrency 1; first token after 2.80 s (a 8192-token prompt)
Note      32 of 32 layers and the output on GPUs; the token embedding in host RAM; KV cache for 8192 tokens allocated up front; compute buffers without flash attention
--- stderr
