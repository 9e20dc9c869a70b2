args: infer --model Llama-3.1-8B --gpus 1xH100 --engine vllm --engine-version 0.21 --quant bf16 --explain
rc: 0
--- stdout
Model     llama-3.1-8b: 8.03 B parameters (8.03 B active), bf16 at 16 bits per weight = 16.06 GB
Machine   1 GPU, link nvlink4-switch; engine vllm 0.21 (rules of 0.21.0 to 0.99.99), TP 1 x PP 1
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 H100-SXM             32    16.06     58.51      3.65     78.23 / 78.23
KV cache  131,072 bytes per token; room for 446,432 tokens: 54 sequences of 8192 (54.50x), one sequence up to 131072
Verdict   FITS
Speed     prefill 43635 tokens/s; decode 104.7 tokens/s per sequence, 104.7 in all at concurrency 1; first token after 0.20 s (a 8192-token prompt)
Cost      3.169 EUR/h (reference: the catalog's median): 8.409 EUR per million output tokens
Note      vLLM 0.21 rules: 92% of the 79.19 GiB PyTorch sees; a profile run of 8192 tokens and a sampler over 1024 sequences; 27902 blocks of 16 tokens in 1 group

Explain   every term: name = formula = values = result  [source]
  weights = params x bits per weight / 8 = 8030261248 x 16 / 8 (bf16 at the checkpoint) = 16.061 GB  [docs/serving.md, "1. Weights at a quantisation" (src/model/model_weights.c)]
  weights_per_gpu = blocks / (tp x pp) + (embedding + vision, head on the last stage) / tp = 13.959 GB / (1 x 1) + 2.101 GB / 1 = 16.061 GB  [docs/serving.md, "1. Weights at a quantisation" (src/model/model_weights.c)]
  kv_bytes_per_token = layers x kv_heads x (head_dim + v_head_dim) x bytes = 32 x 8 x (128 + 128) x 2 = 131072 bytes/token  [docs/serving.md, "2. The KV cache" (src/infer/infer_kv.c)]
  kv_bytes_per_sequence = bytes per token x context = 131072 x 8192 = 1.074 GB  [docs/serving.md, "2. The KV cache" (src/infer/infer_kv.c)]
  vllm_requested = gpu_memory_utilization x total PyTorch sees = 0.92 x 79.19 GiB (H100-SXM) = 78.227 GB  [vllm-project/vllm @9aaf83ef (hwdb/engines vllm 0.21): vllm/v1/worker/gpu_worker.py determine_available_memory, gpu_model_runner.py profile_run]
  vllm_activation_peak = max_num_batched_tokens x (3 x ffn / tp + 2 x hidden) x bytes (MoE: the fused kernel's caches if larger) = 8192 x (3 x 14336 / 1 + 2 x 4096) x 2 (batched tokens: the server's default) = 838.86 MB  [vllm-project/vllm @9aaf83ef (hwdb/engines vllm 0.21): vllm/v1/worker/gpu_worker.py determine_available_memory, gpu_model_runner.py profile_run]
  vllm_sampler_peak = rows x vocab x sampler_bytes + min(SMs, rows) x vocab x sampler_sm_bytes (rows: max_num_seqs, x 2 with a proposer) = 1024 x 128256 x 14 + min(132, 1024) x 128256 x 4 = 1.906 GB  [vllm-project/vllm @9aaf83ef (hwdb/engines vllm 0.21): vllm/v1/worker/gpu_worker.py determine_available_memory, gpu_model_runner.py profile_run]
  vllm_non_torch = non_torch + TP >= 2's (by link) + CUDA graphs (none with --enforce-eager) = 354.42 MB + 0 B + 1.390 GB = 1.745 GB  [vllm-project/vllm @9aaf83ef (hwdb/engines vllm 0.21): vllm/v1/worker/gpu_worker.py determine_available_memory, gpu_model_runner.py profile_run]
  reserve_per_gpu = encoder cache + max(activation + LoRA peak, sampler peak, encoder peak) + non-torch = 0 B + max(838.86 MB + 0 B, 1.906 GB, 0 B) + 1.745 GB = 3.651 GB  [vllm-project/vllm @9aaf83ef (hwdb/engines vllm 0.21): vllm/v1/worker/gpu_worker.py determine_available_memory, gpu_model_runner.py profile_run]
  kv_budget = requested - weights - reserve = 78.227 GB - 16.061 GB - 3.651 GB = 58.515 GB  [vllm-project/vllm @9aaf83ef (hwdb/engines vllm 0.21): vllm/v1/worker/gpu_worker.py determine_available_memory, gpu_model_runner.py profile_run]
  kv_blocks = floor(budget / (block_size x one layer's bytes/token x layers per group)) (the fewest of the workers) = floor(58.515 GB / (16 x 4096 x 32)) = 27902 blocks  [vllm-project/vllm @9aaf83ef (hwdb/engines vllm 0.21): vllm/v1/core/kv_cache_utils.py (blocks of block_size tokens, hybrid groups)]
  kv_tokens = floor(blocks / groups) x block_size = floor(27902 / 1) x 16 = 446432 tokens  [vllm-project/vllm @9aaf83ef (hwdb/engines vllm 0.21): vllm/v1/core/kv_cache_utils.py (blocks of block_size tokens, hybrid groups)]
  max_concurrency = blocks / the blocks one request of the context needs = 27902 / 512 (context 8192) = 54.50 sequences  [vllm-project/vllm @9aaf83ef (hwdb/engines vllm 0.21): vllm/v1/core/kv_cache_utils.py (blocks of block_size tokens, hybrid groups)]
  decode_weights_read = pp x weights per GPU / (bandwidth x share) = 1 x 16.061 GB / (3350 GB/s x 0.67) = 0.007156 s  [docs/serving.md, "5. Speed" (src/infer/infer_speed.c; the engine's share of the bandwidth by memory type: hwdb/engines)]
  decode_kv_read = pp x concurrency x KV per sequence / KV split / (bandwidth x share) = 1 x 1 x 1.074 GB / 1 / (3350 GB/s x 0.67) = 0.0004784 s  [docs/serving.md, "5. Speed" (src/infer/infer_speed.c; the engine's share of the bandwidth by memory type: hwdb/engines)]
  decode_gemm = 2 x active params x concurrency / (GPUs x peak x GEMM share) = 2 x 8030261248 x 1 / (1 x 989 TFLOP/s x 0.803) = 2.021e-05 s  [docs/serving.md, "5. Speed" (src/infer/infer_speed.c; the engine's share of the bandwidth by memory type: hwdb/engines)]
  decode_step = max(weights read, GEMM) + KV read + layers x 20 kernels x 3 us + rest (all-reduces, prompts in the step) = max(0.00716, 2.02e-05) + 0.000478 + 0.00192 + 0 = 0.009554 s  [docs/serving.md, "5. Speed" (src/infer/infer_speed.c; the engine's share of the bandwidth by memory type: hwdb/engines)]
  decode_tokens_per_second_total = concurrency / decode step = 1 / 0.009554 s = 104.67 tokens/s  [docs/serving.md, "5. Speed" (src/infer/infer_speed.c; the engine's share of the bandwidth by memory type: hwdb/engines)]
  prefill = context x (2 x active + 2 x attended (layers x tokens) x heads x head_dim) / (GPUs x peak x GEMM share) (+ all-reduces) = 8192 x (2 x 8030261248 + 2 x 262144 x 32 x 128) / (1 x 989 TFLOP/s x 0.803) = 0.1877 s  [docs/serving.md, "5. Speed" (src/infer/infer_speed.c; the engine's share of the bandwidth by memory type: hwdb/engines)]
  ttft = prefill + one decode step = 0.1877 + 0.009554 = 0.1973 s  [docs/serving.md, "5. Speed" (src/infer/infer_speed.c; the engine's share of the bandwidth by memory type: hwdb/engines)]
  cost_per_million_tokens = price per hour / 3600 / output tokens/s x 10^6 = 3.169 EUR / 3600 / 104.7 x 10^6 = 8.41 EUR/Mtok  [docs/cost.md (src/infer/infer_speed.c cost)]
--- stderr
