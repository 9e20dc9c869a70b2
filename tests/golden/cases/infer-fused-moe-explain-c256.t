args: infer --model qwen3-30b-a3b --gpus 1xH100-SXM --engine vllm --context 512 --concurrency 256 --explain
rc: 0
--- stdout
Model     qwen3-30b-a3b: 30.53 B parameters (3.353 B active), bf16 at 16 bits per weight = 61.06 GB
Machine   1 GPU, link nvlink4-switch; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H100-SXM             48    61.06     13.16      4.00     78.23 / 78.23
KV cache  98,304 bytes per token; room for 133,856 tokens: 261 sequences of 512 (261.44x), one sequence up to 40960
Verdict   FITS
Speed     prefill 23491 tokens/s; decode 34.1 tokens/s per sequence, 8739.3 in all at concurrency 256; first token after 0.05 s (a 512-token prompt)
Cost      3.169 EUR/h (reference: the catalog's median): 0.1007 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 79.19 GiB PyTorch sees; a profile run of 8192 tokens and a sampler over 1024 sequences; 8366 blocks of 16 tokens in 1 group

Explain   every term: name = formula = values = result  [source]
  weights = params x bits per weight / 8 = 30532122624 x 16 / 8 (bf16 at the checkpoint) = 61.064 GB  [docs/serving.md, "1. Weights at a quantisation" (src/model/model_weights.c)]
  weights_per_gpu = blocks / (tp x pp) + (embedding + vision, head on the last stage) / tp = 59.820 GB / (1 x 1) + 1.245 GB / 1 = 61.064 GB  [docs/serving.md, "1. Weights at a quantisation" (src/model/model_weights.c)]
  kv_bytes_per_token = layers x kv_heads x (head_dim + v_head_dim) x bytes = 48 x 4 x (128 + 128) x 2 = 98304 bytes/token  [docs/serving.md, "2. The KV cache" (src/infer/infer_kv.c)]
  kv_bytes_per_sequence = bytes per token x context = 98304 x 512 = 50.33 MB  [docs/serving.md, "2. The KV cache" (src/infer/infer_kv.c)]
  vllm_requested = gpu_memory_utilization x total PyTorch sees = 0.92 x 79.19 GiB (H100-SXM) = 78.227 GB  [vllm-project/vllm @9aaf83ef (hwdb/engines vllm 0.21): vllm/v1/worker/gpu_worker.py determine_available_memory, gpu_model_runner.py profile_run]
  vllm_activation_peak = max_num_batched_tokens x (3 x ffn / tp + 2 x hidden) x bytes (MoE: the fused kernel's caches if larger) = 8192 x (3 x 6144 / 1 + 2 x 2048) x 2 (batched tokens: the server's default) = 637.53 MB  [vllm-project/vllm @9aaf83ef (hwdb/engines vllm 0.21): vllm/v1/worker/gpu_worker.py determine_available_memory, gpu_model_runner.py profile_run]
  vllm_sampler_peak = rows x vocab x sampler_bytes + min(SMs, rows) x vocab x sampler_sm_bytes (rows: max_num_seqs, x 2 with a proposer) = 1024 x 151936 x 14 + min(132, 1024) x 151936 x 4 = 2.258 GB  [vllm-project/vllm @9aaf83ef (hwdb/engines vllm 0.21): vllm/v1/worker/gpu_worker.py determine_available_memory, gpu_model_runner.py profile_run]
  vllm_non_torch = non_torch + TP >= 2's (by link) + CUDA graphs (none with --enforce-eager) = 354.42 MB + 0 B + 1.390 GB = 1.745 GB  [vllm-project/vllm @9aaf83ef (hwdb/engines vllm 0.21): vllm/v1/worker/gpu_worker.py determine_available_memory, gpu_model_runner.py profile_run]
  reserve_per_gpu = encoder cache + max(activation + LoRA peak, sampler peak, encoder peak) + non-torch = 0 B + max(637.53 MB + 0 B, 2.258 GB, 0 B) + 1.745 GB = 4.003 GB  [vllm-project/vllm @9aaf83ef (hwdb/engines vllm 0.21): vllm/v1/worker/gpu_worker.py determine_available_memory, gpu_model_runner.py profile_run]
  kv_budget = requested - weights - reserve = 78.227 GB - 61.064 GB - 4.003 GB = 13.160 GB  [vllm-project/vllm @9aaf83ef (hwdb/engines vllm 0.21): vllm/v1/worker/gpu_worker.py determine_available_memory, gpu_model_runner.py profile_run]
  kv_blocks = floor(budget / (block_size x one layer's bytes/token x layers per group)) (the fewest of the workers) = floor(13.160 GB / (16 x 2048 x 48)) = 8366 blocks  [vllm-project/vllm @9aaf83ef (hwdb/engines vllm 0.21): vllm/v1/core/kv_cache_utils.py (blocks of block_size tokens, hybrid groups)]
  kv_tokens = floor(blocks / groups) x block_size = floor(8366 / 1) x 16 = 133856 tokens  [vllm-project/vllm @9aaf83ef (hwdb/engines vllm 0.21): vllm/v1/core/kv_cache_utils.py (blocks of block_size tokens, hybrid groups)]
  max_concurrency = blocks / the blocks one request of the context needs = 8366 / 32 (context 512) = 261.44 sequences  [vllm-project/vllm @9aaf83ef (hwdb/engines vllm 0.21): vllm/v1/core/kv_cache_utils.py (blocks of block_size tokens, hybrid groups)]
  decode_step = the shared weights' and the picked experts' reads, KV, kernels, all-reduces (the MoE lines below) = concurrency 256 = 0.02929 s  [docs/serving.md, "5. Speed" (src/infer/infer_speed.c; the engine's share of the bandwidth by memory type: hwdb/engines)]
  decode_tokens_per_second_total = concurrency / decode step = 256 / 0.02929 s = 8739.30 tokens/s  [docs/serving.md, "5. Speed" (src/infer/infer_speed.c; the engine's share of the bandwidth by memory type: hwdb/engines)]
  prefill = context x (2 x active + 2 x attended (layers x tokens) x heads x head_dim) / (GPUs x peak x GEMM share) (+ all-reduces) = 512 x (2 x 3353032704 + 2 x 24576 x 32 x 128) / (1 x 989 TFLOP/s x 0.803) = 0.0218 s  [docs/serving.md, "5. Speed" (src/infer/infer_speed.c; the engine's share of the bandwidth by memory type: hwdb/engines)]
  ttft = prefill + one decode step = 0.0218 + 0.02929 = 0.05109 s  [docs/serving.md, "5. Speed" (src/infer/infer_speed.c; the engine's share of the bandwidth by memory type: hwdb/engines)]
  cost_per_million_tokens = price per hour / 3600 / output tokens/s x 10^6 = 3.169 EUR / 3600 / 8739 x 10^6 = 0.10 EUR/Mtok  [docs/cost.md (src/infer/infer_speed.c cost)]
Explain   MoE layers as vLLM's fused-MoE Triton kernel (SGLang runs its port), per GPU at TP 1: tokens sorted by expert, each expert's padded to BLOCK_SIZE_M, every touched expert's weights read
          decode step of 256 tokens: 16 tokens per expert (256 x 8 / 128); 128.0 of 128 experts touched; BLOCK_SIZE_M 32 pads their 2048 rows to 4096 (2.00x)
            reads 1.21 GB of experts a layer (58 GB over 48 MoE layers): 396.7 us at 91 % of HBM bandwidth; padded rows 109.7 us at 36 % of peak; bound by the weights' read
            + 13.3 us launch a layer = 19.679 ms a step
          prefill chunk of 512 tokens: 32 tokens per expert (512 x 8 / 128); 128.0 of 128 experts touched; BLOCK_SIZE_M 64 pads their 4096 rows to 8192 (2.00x)
            reads 1.21 GB of experts a layer (58 GB over 48 MoE layers): 396.7 us at 91 % of HBM bandwidth; padded rows 219.4 us at 36 % of peak; bound by the weights' read
            + 13.3 us launch a layer = 19.679 ms a chunk
          kernel rows: hwdb/fused_moe.yaml, H100-SXM (vllm PR #24700, H100, Mixtral-8x7B tp2 bf16 tuned, batch 1 and 128)
--- stderr
