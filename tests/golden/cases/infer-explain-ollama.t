args: infer --model Llama-3.1-8B --gpus 1xRTX4090 --engine ollama --quant q4_k_m --explain
rc: 0
--- stdout
Model     llama-3.1-8b: 8.03 B parameters (8.03 B active), q4_k_m at 4.89 bits per weight = 4.91 GB
Machine   1 GPU, link pcie4-host; engine ollama b7407 (rules of b7407 to b99999)
Memory    GPU                 layers  weights  KV cache  reserves     total / usable (GB)
           0 RTX4090              32     4.62      4.29      3.33     12.24 / 25.38
          host RAM: 0.30 GB of weights, 0.08 GB of buffers
KV cache  131,072 bytes per token; room for 133,055 tokens: 4 sequences of 32768 (4.06x), one sequence up to 131072
Verdict   FITS
Speed     prefill 2193 tokens/s; decode 89.6 tokens/s per sequence, 89.6 in all at concurrency 1; first token after 14.95 s (a 32768-token prompt)
Cost      0.3035 EUR/h (reference: the catalog's median): 0.9403 EUR per million output tokens
Note      Ollama's estimate (llm/memory.go): 33 of 33 layers offloaded, KV 4.0 GiB, graph 2144.0 MiB (full); llama.cpp puts 32 layers and the output on GPUs; KV cache for 32768 tokens up front

Explain   every term: name = formula = values = result  [source]
  weights = params x bits per weight / 8 = 8030261248 x 4.894 / 8 (q4_k_m at GGUF) = 4.913 GB  [docs/serving.md, "1. Weights at a quantisation" (src/model/model_weights.c)]
  weights_per_gpu = layers on the GPU x blocks / layers + output = GPU 0: 32 x 4.186 GB / 32 + 430.94 MB = 4.617 GB  [ggml-org/ggml @d99724f2 (hwdb/engines llamacpp b7407): src/llama-model.cpp load_tensors: -ngl slots, the output last (docs/serving.md, "llama.cpp and Ollama")]
  weights_on_cpu = (layers - ngl) x blocks / layers + embedding = (32 - 32) x 4.186 GB / 32 + 295.50 MB = 295.50 MB  [ggml-org/ggml @d99724f2 (hwdb/engines llamacpp b7407): src/llama-model.cpp load_tensors: -ngl slots, the output last (docs/serving.md, "llama.cpp and Ollama")]
  ollama_default_context = no context given: the GPUs' total >= tier2 ? tier2 : >= tier ? tier : default = total 25.757 GB: >= 50.466 GB ? 262144 : >= 24.696 GB ? 32768 : 4096 (model's max 131072) = 32768 tokens  [ollama/ollama @0334ffa6 (hwdb/engines ollama 0.15.5): server/routes.go (num_ctx by the GPUs' memory), capped at the model's context]
  kv_bytes_per_token = layers x kv_heads x (head_dim + v_head_dim) x bytes = 32 x 8 x (128 + 128) x 2 = 131072 bytes/token  [docs/serving.md, "2. The KV cache" (src/infer/infer_kv.c)]
  kv_bytes_per_sequence = bytes per token x context = 131072 x 32768 = 4.295 GB  [docs/serving.md, "2. The KV cache" (src/infer/infer_kv.c)]
  ollama_gpu_layers = the layers and output whose weights, KV and graph fit the GPUs' free memory = KV 4.295 GB, graph 2.248 GB (full), required 11.866 GB = 33 layers  [ollama/ollama @0334ffa6 (hwdb/engines ollama 0.15.5): its estimate (llm/memory.go, or buildLayout from 0.12.11)]
  kv_cache_per_gpu = layers on the GPU x KV of n_ctx cells per layer = GPU 0: 32 x 134.22 MB = 4.295 GB  [ggml-org/ggml @d99724f2 (hwdb/engines llamacpp b7407): src/llama-context.cpp sched_reserve, llama-kv-cache.cpp]
  reserve_per_gpu = CUDA context + compute buffer (KQ scores without -fa, the mask, the FFN's temporaries) = GPU 0: n_ctx 32768, n_ubatch 512, flash attention off = 3.326 GB  [ggml-org/ggml @d99724f2 (hwdb/engines llamacpp b7407): src/llama-context.cpp sched_reserve, llama-kv-cache.cpp]
  host_buffers = (fa ? 2 : 4) x n_ctx x n_ubatch + 4 x hidden x n_ubatch + 4 x vocab x sequences = 4 x 32768 x 512 + 4 x 4096 x 512 + 4 x 128256 x 1 = 76.01 MB  [ggml-org/ggml @d99724f2 (hwdb/engines llamacpp b7407): src/llama-context.cpp sched_reserve, llama-kv-cache.cpp]
  kv_tokens = min over the GPUs of room x layers / the GPU's layers / KV bytes per token = GPU 0: 17.440 GB x 32 / 32 / 131072 = 133055 tokens  [ggml-org/ggml @d99724f2 (hwdb/engines llamacpp b7407): src/llama-context.cpp sched_reserve, llama-kv-cache.cpp]
  max_concurrency = KV tokens / context = 133055 / 32768 = 4.06 sequences  [ggml-org/ggml @d99724f2 (hwdb/engines llamacpp b7407): src/llama-context.cpp sched_reserve, llama-kv-cache.cpp]
  decode_read_per_gpu = (weights + KV cache) / (bandwidth x llama.cpp's share) = GPU 0: (4.617 GB + 4.295 GB) / 877 GB/s = 0.01016 s  [ggml-org/ggml @d99724f2 (hwdb/engines llamacpp b7407): decode_share, layer_seconds (docs/serving.md, "5. Speed"; src/infer/infer_lcpp_speed.c)]
  decode_step = the GPUs' reads in turn + layers x the per-layer cost (+ CPU layers at 50 GB/s, MoE's host loop) = 32 layers on GPUs = 0.01115 s  [ggml-org/ggml @d99724f2 (hwdb/engines llamacpp b7407): decode_share, layer_seconds (docs/serving.md, "5. Speed"; src/infer/infer_lcpp_speed.c)]
  decode_tokens_per_second_total = concurrency / decode step = 1 / 0.01115 s = 89.65 tokens/s  [docs/serving.md, "5. Speed" (src/infer/infer_speed.c; the engine's share of the bandwidth by memory type: hwdb/engines)]
  cost_per_million_tokens = price per hour / 3600 / output tokens/s x 10^6 = 0.3035 EUR / 3600 / 89.65 x 10^6 = 0.94 EUR/Mtok  [docs/cost.md (src/infer/infer_speed.c cost)]
--- stderr
