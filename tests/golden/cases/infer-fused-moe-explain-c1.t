args: infer --model qwen3-30b-a3b --gpus 1xH100-SXM --engine vllm --context 512 --concurrency 1 --explain
rc: 0
--- stdout
Model     qwen3-30b-a3b: 30.53 B parameters (3.353 B active), bf16 at 16 bits per weight = 61.06 GB
Machine   1 GPU, link nvlink4-switch; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H100-SXM             48    61.06     13.16      4.00     78.23 / 78.23
KV cache  98,304 bytes per token; room for 133,856 tokens: 261 sequences of 512 (261.44x), one sequence up to 40960
Verdict   FITS
Speed     prefill 23491 tokens/s; decode 179.6 tokens/s per sequence, 179.6 in all at concurrency 1; first token after 0.03 s (a 512-token prompt)
Cost      3.169 EUR/h (reference: the catalog's median): 4.899 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 79.19 GiB PyTorch sees; a profile run of 8192 tokens and a sampler over 1024 sequences; 8366 blocks of 16 tokens in 1 group
Explain   MoE layers as vLLM's fused-MoE Triton kernel (SGLang runs its port), per GPU at TP 1: tokens sorted by expert, each expert's padded to BLOCK_SIZE_M, every touched expert's weights read
          decode step of 1 token: 0.0625 tokens per expert (1 x 8 / 128); 8.0 of 128 experts touched; BLOCK_SIZE_M 16 pads their 8 rows to 128 (16.00x)
            reads 0.0755 GB of experts a layer (3.62 GB over 48 MoE layers): 24.8 us at 91 % of HBM bandwidth; padded rows 3.4 us at 36 % of peak; bound by the weights' read
            + 13.3 us launch a layer = 1.828 ms a step
          prefill chunk of 512 tokens: 32 tokens per expert (512 x 8 / 128); 128.0 of 128 experts touched; BLOCK_SIZE_M 64 pads their 4096 rows to 8192 (2.00x)
            reads 1.21 GB of experts a layer (58 GB over 48 MoE layers): 396.7 us at 91 % of HBM bandwidth; padded rows 219.4 us at 36 % of peak; bound by the weights' read
            + 13.3 us launch a layer = 19.679 ms a chunk
          kernel rows: hwdb/fused_moe.yaml, H100-SXM (vllm PR #24700, H100, Mixtral-8x7B tp2 bf16 tuned, batch 1 and 128)
--- stderr
