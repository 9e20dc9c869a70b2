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

Explain   every term: name = formula = values = result  [source]
  weights = params x bits per weight / 8 = 15706484224 x 4.528 / 8 (q4_0 at GGUF) = 8.889 GB  [docs/serving.md, "1. Weights at a quantisation" (src/model/model_weights.c)]
  weights_per_gpu = layers on the GPU x blocks / layers + output = GPU 0: 27 x 8.599 GB / 27 + 172.03 MB = 8.771 GB  [ggml-org/ggml @e12eff0b (hwdb/engines llamacpp b4000): src/llama-model.cpp load_tensors: -ngl slots, the output last (docs/serving.md, "llama.cpp and Ollama")]
  weights_on_cpu = (layers - ngl) x blocks / layers + embedding = (27 - 27) x 8.599 GB / 27 + 117.96 MB = 117.96 MB  [ggml-org/ggml @e12eff0b (hwdb/engines llamacpp b4000): src/llama-model.cpp load_tensors: -ngl slots, the output last (docs/serving.md, "llama.cpp and Ollama")]
  kv_bytes_per_token = layers x (kv_lora_rank + qk_rope_dim) x bytes (MLA) = 27 x (512 + 64) x 2 = 31104 bytes/token  [docs/serving.md, "2. The KV cache" (src/infer/infer_kv.c)]
  kv_bytes_per_sequence = bytes per token x context = 31104 x 512 = 15.93 MB  [docs/serving.md, "2. The KV cache" (src/infer/infer_kv.c)]
  kv_cache_per_gpu = layers on the GPU x KV of n_ctx cells per layer = GPU 0: 27 x 589824 B = 15.93 MB  [ggml-org/ggml @e12eff0b (hwdb/engines llamacpp b4000): src/llama-context.cpp sched_reserve, llama-kv-cache.cpp]
  reserve_per_gpu = CUDA context + compute buffer (KQ scores without -fa, the mask, the FFN's temporaries) = GPU 0: n_ctx 512, n_ubatch 512, flash attention off = 1.118 GB  [ggml-org/ggml @e12eff0b (hwdb/engines llamacpp b4000): src/llama-context.cpp sched_reserve, llama-kv-cache.cpp]
  host_buffers = (fa ? 2 : 4) x n_ctx x n_ubatch + 4 x hidden x n_ubatch + 4 x vocab x sequences = 4 x 512 x 512 + 4 x 2048 x 512 + 4 x 102400 x 1 = 5.65 MB  [ggml-org/ggml @e12eff0b (hwdb/engines llamacpp b4000): src/llama-context.cpp sched_reserve, llama-kv-cache.cpp]
  kv_tokens = min over the GPUs of room x layers / the GPU's layers / KV bytes per token = GPU 0: 15.547 GB x 27 / 27 / 31104 = 499850 tokens  [ggml-org/ggml @e12eff0b (hwdb/engines llamacpp b4000): src/llama-context.cpp sched_reserve, llama-kv-cache.cpp]
  max_concurrency = KV tokens / context = 499850 / 512 = 976.27 sequences  [ggml-org/ggml @e12eff0b (hwdb/engines llamacpp b4000): src/llama-context.cpp sched_reserve, llama-kv-cache.cpp]
  decode_read_per_gpu = (weights + KV cache) / (bandwidth x llama.cpp's share) = GPU 0: (8.771 GB + 15.93 MB) / 814 GB/s = 0.01079 s  [ggml-org/ggml @e12eff0b (hwdb/engines llamacpp b4000): decode_share, layer_seconds (docs/serving.md, "5. Speed"; src/infer/infer_lcpp_speed.c)]
  decode_step = the GPUs' reads in turn + layers x the per-layer cost (+ CPU layers at 50 GB/s, MoE's host loop) = 27 layers on GPUs = 0.01017 s  [ggml-org/ggml @e12eff0b (hwdb/engines llamacpp b4000): decode_share, layer_seconds (docs/serving.md, "5. Speed"; src/infer/infer_lcpp_speed.c)]
  decode_tokens_per_second_total = concurrency / decode step = 1 / 0.01017 s = 98.30 tokens/s  [docs/serving.md, "5. Speed" (src/infer/infer_speed.c; the engine's share of the bandwidth by memory type: hwdb/engines)]
  cost_per_million_tokens = price per hour / 3600 / output tokens/s x 10^6 = 0.1607 EUR / 3600 / 98.3 x 10^6 = 0.45 EUR/Mtok  [docs/cost.md (src/infer/infer_speed.c cost)]

llama.cpp b4000, mixture of experts (MUL_MAT_ID loops over the experts on the host, before PRs #13014/#13199):
  decode, each of 26 MoE layers: 3 MUL_MAT_IDs over the 6 experts a token touches: 3 syncs and 36 kernels launched one by one from the CPU (CUDA graphs off), 0.248 ms beyond streaming
  prefill, ubatch of 512: 48 tokens per expert; each expert its own MMQ, tile 48 (100 % full), 5.488 ms a MoE layer beyond the GEMMs
--- stderr
