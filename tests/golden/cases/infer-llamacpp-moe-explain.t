args: infer --engine llamacpp --model qwen3-30b-a3b --gpus 1xRTX4090 --quant q4_k_m --context 4096 --explain
rc: 0
--- stdout
Model     qwen3-30b-a3b: 30.53 B parameters (3.353 B active), q4_k_m at 4.85 bits per weight = 18.51 GB
Machine   1 GPU, link pcie4-host; engine llamacpp b7407 (rules of b7407 to b99999)
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 RTX4090              48    18.33      0.40      1.37     20.10 / 25.38
          host RAM: 0.18 GB of weights, 0.01 GB of buffers
KV cache  98,304 bytes per token; room for 57,815 tokens: 14 sequences of 4096 (14.12x), one sequence up to 40960
Verdict   FITS
Speed     prefill 5624 tokens/s; decode 259.4 tokens/s per sequence, 259.4 in all at concurrency 1; first token after 0.73 s (a 4096-token prompt)
Cost      0.3035 EUR/h (reference: the catalog's median): 0.325 EUR per million output tokens
Note      48 of 48 layers and the output on GPUs; the token embedding in host RAM; KV cache for 4096 tokens allocated up front; compute buffers without flash attention

Explain   every term: name = formula = values = result  [source]
  weights = params x bits per weight / 8 = 30532122624 x 4.849 / 8 (q4_k_m at GGUF) = 18.507 GB  [docs/serving.md, "1. Weights at a quantisation" (src/model/model_weights.c)]
  weights_per_gpu = layers on the GPU x blocks / layers + output = GPU 0: 48 x 18.077 GB / 48 + 255.25 MB = 18.332 GB  [ggml-org/ggml @d99724f2 (hwdb/engines llamacpp b7407): src/llama-model.cpp load_tensors: -ngl slots, the output last (docs/serving.md, "llama.cpp and Ollama")]
  weights_on_cpu = (layers - ngl) x blocks / layers + embedding = (48 - 48) x 18.077 GB / 48 + 175.03 MB = 175.03 MB  [ggml-org/ggml @d99724f2 (hwdb/engines llamacpp b7407): src/llama-model.cpp load_tensors: -ngl slots, the output last (docs/serving.md, "llama.cpp and Ollama")]
  kv_bytes_per_token = layers x kv_heads x (head_dim + v_head_dim) x bytes = 48 x 4 x (128 + 128) x 2 = 98304 bytes/token  [docs/serving.md, "2. The KV cache" (src/infer/infer_kv.c)]
  kv_bytes_per_sequence = bytes per token x context = 98304 x 4096 = 402.65 MB  [docs/serving.md, "2. The KV cache" (src/infer/infer_kv.c)]
  kv_cache_per_gpu = layers on the GPU x KV of n_ctx cells per layer = GPU 0: 48 x 8.39 MB = 402.65 MB  [ggml-org/ggml @d99724f2 (hwdb/engines llamacpp b7407): src/llama-context.cpp sched_reserve, llama-kv-cache.cpp]
  reserve_per_gpu = CUDA context + compute buffer (KQ scores without -fa, the mask, the FFN's temporaries) = GPU 0: n_ctx 4096, n_ubatch 512, flash attention off = 1.367 GB  [ggml-org/ggml @d99724f2 (hwdb/engines llamacpp b7407): src/llama-context.cpp sched_reserve, llama-kv-cache.cpp]
  host_buffers = (fa ? 2 : 4) x n_ctx x n_ubatch + 4 x hidden x n_ubatch + 4 x vocab x sequences = 4 x 4096 x 512 + 4 x 2048 x 512 + 4 x 151936 x 1 = 13.19 MB  [ggml-org/ggml @d99724f2 (hwdb/engines llamacpp b7407): src/llama-context.cpp sched_reserve, llama-kv-cache.cpp]
  kv_tokens = min over the GPUs of room x layers / the GPU's layers / KV bytes per token = GPU 0: 5.683 GB x 48 / 48 / 98304 = 57815 tokens  [ggml-org/ggml @d99724f2 (hwdb/engines llamacpp b7407): src/llama-context.cpp sched_reserve, llama-kv-cache.cpp]
  max_concurrency = KV tokens / context = 57815 / 4096 = 14.12 sequences  [ggml-org/ggml @d99724f2 (hwdb/engines llamacpp b7407): src/llama-context.cpp sched_reserve, llama-kv-cache.cpp]
  decode_read_per_gpu = (weights + KV cache) / (bandwidth x llama.cpp's share) = GPU 0: (18.332 GB + 402.65 MB) / 877 GB/s = 0.02136 s  [ggml-org/ggml @d99724f2 (hwdb/engines llamacpp b7407): decode_share, layer_seconds (docs/serving.md, "5. Speed"; src/infer/infer_lcpp_speed.c)]
  decode_step = the GPUs' reads in turn + layers x the per-layer cost (+ CPU layers at 50 GB/s, MoE's host loop) = 48 layers on GPUs = 0.003856 s  [ggml-org/ggml @d99724f2 (hwdb/engines llamacpp b7407): decode_share, layer_seconds (docs/serving.md, "5. Speed"; src/infer/infer_lcpp_speed.c)]
  decode_tokens_per_second_total = concurrency / decode step = 1 / 0.003856 s = 259.36 tokens/s  [docs/serving.md, "5. Speed" (src/infer/infer_speed.c; the engine's share of the bandwidth by memory type: hwdb/engines)]
  cost_per_million_tokens = price per hour / 3600 / output tokens/s x 10^6 = 0.3035 EUR / 3600 / 259.4 x 10^6 = 0.33 EUR/Mtok  [docs/cost.md (src/infer/infer_speed.c cost)]

llama.cpp b7407, mixture of experts (one kernel over the selected experts):
  decode, each of 48 MoE layers: 3 MUL_MAT_IDs over the 8 experts a token touches: 6 kernels (quantise and one mat-vec over the selected experts each), no sync
  prefill, ubatch of 512: 32 tokens per expert; one MMQ over all experts, tiles of 128 columns sized for the ubatch, 25 % full
--- stderr
