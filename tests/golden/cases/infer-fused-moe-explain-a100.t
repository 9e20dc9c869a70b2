args: infer --model qwen3-30b-a3b --gpus 1xA100-80 --engine vllm --context 512 --concurrency 1 --explain
rc: 0
--- stdout
Model     qwen3-30b-a3b: 30.53 B parameters (3.353 B active), bf16 at 16 bits per weight = 61.06 GB
Machine   1 GPU, link nvlink3-switch; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 A100-80              48    61.06     14.87      2.36     78.29 / 78.29
KV cache  98,304 bytes per token; room for 151,232 tokens: 295 sequences of 512 (295.38x), one sequence up to 40960
Verdict   FITS
Speed     prefill 12888 tokens/s; decode 122.0 tokens/s per sequence, 122.0 in all at concurrency 1; first token after 0.05 s (a 512-token prompt)
Cost      1.254 EUR/h (reference: the catalog's median): 2.854 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 79.25 GiB PyTorch sees; a profile run of 2048 tokens and a sampler over 256 sequences; 9452 blocks of 16 tokens in 1 group
Explain   MoE layers as vLLM's fused-MoE Triton kernel (SGLang runs its port), per GPU at TP 1: tokens sorted by expert, each expert's padded to BLOCK_SIZE_M, every touched expert's weights read
          decode step of 1 token: 0.0625 tokens per expert (1 x 8 / 128); 8.0 of 128 experts touched; BLOCK_SIZE_M 16 pads their 8 rows to 128 (16.00x)
            reads 0.0755 GB of experts a layer (3.62 GB over 48 MoE layers): 41.1 us at 90 % of HBM bandwidth; padded rows 4.5 us at 87 % of peak; bound by the weights' read
            + 40.2 us launch a layer = 3.904 ms a step
          prefill chunk of 512 tokens: 32 tokens per expert (512 x 8 / 128); 128.0 of 128 experts touched; BLOCK_SIZE_M 64 pads their 4096 rows to 8192 (2.00x)
            reads 1.21 GB of experts a layer (58 GB over 48 MoE layers): 658.3 us at 90 % of HBM bandwidth; padded rows 285.1 us at 87 % of peak; bound by the weights' read
            + 40.2 us launch a layer = 33.526 ms a chunk
          kernel rows: hwdb/fused_moe.yaml, A100-80 (vllm PR #19049 (gty111, 2025-06-03), benchmark_moe.py Qwen3-30B-A3B tp1 bf16 on A100-PCIE-40GB, default config, batch 1 and 16 (109.21 and 611.19 us), taken for A100-80: the A100-40-PCIE measurement (same GA100 chip; assumption))
--- stderr
